import { referralCooldownDays } from '../constants';
import { dayMonthLabel, londonDateTime } from '../format/londonDate';
import { addLocalDays } from './absences/dates';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The first London day on which the student may send another referral (issue 34): the server
 * refuses one while their latest is less than 30 days old (SPEC §9), so the first whole day after
 * that moment. Telling them the day it ends would send them back too early for part of that day.
 */
export function nextReferralDay(sentAt: string): string {
  const { date, time } = londonDateTime(Date.parse(sentAt) + referralCooldownDays * dayMs);
  return time === '00:00:00' ? date : addLocalDays(date, 1);
}

/** 'You can send another request from 14 December.', the year added when it is not this year's (`now`: the server's time). */
export function referralCooldownText(sentAt: string, now: number): string {
  return `You can send another request from ${dayMonthLabel(nextReferralDay(sentAt), londonDateTime(now).date)}.`;
}
