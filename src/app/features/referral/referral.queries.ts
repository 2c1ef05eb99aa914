import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { referralMessages } from '../../../shared/rules/referral';
import { toast } from '../../ui/toast/toastStore';
import { checkReferralCooldown, loadUrgentHelp, type CooldownCheck } from './referral.api';

/** The dialog's cooldown check while it runs, then its outcome. */
export type Cooldown = { readonly kind: 'checking' } | CooldownCheck;

const checking: Cooldown = { kind: 'checking' };

/**
 * The 30-day cooldown, asked afresh each time the dialog opens (a referral sent a minute ago
 * counts), and said once per check: a warning when a request was sent recently, the SPEC §8 notice
 * when the check failed (the form stays usable: the server still refuses a second referral).
 */
export function useReferralCooldown(): Cooldown {
  const check = useQuery({
    queryKey: ['referral', 'cooldown'],
    queryFn: ({ signal }) => checkReferralCooldown(signal),
    gcTime: 0,
    retry: false,
  });
  const outcome = check.data;
  useEffect(() => {
    if (outcome?.kind === 'recent') toast.warning(referralMessages.recentlyReferred);
    if (outcome?.kind === 'unknown') toast.negative(outcome.message);
  }, [outcome]);
  return outcome ?? checking;
}

/** Where to turn when help cannot wait (SUPPORT_URGENT_TEXT): the built-in text until the server answers. */
export function useUrgentHelp(fallback: string): string {
  const help = useQuery({ queryKey: ['referral', 'urgentHelp'], queryFn: ({ signal }) => loadUrgentHelp(signal), retry: false });
  return help.data ?? fallback;
}
