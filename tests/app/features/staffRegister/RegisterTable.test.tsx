import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClassRegister, RegisterStudent } from '../../../../src/shared/contract/staffRegister';
import { RegisterTable } from '../../../../src/app/features/staffRegister/RegisterTable';

const student = (over: Partial<RegisterStudent> = {}): RegisterStudent => ({
  userId: 1, displayName: 'Amara Okafor', studentId: 'S1', state: 'NotYet', registeredAt: null, absenceType: null, result: null, ...over,
});

const register = (over: Partial<ClassRegister> = {}): ClassRegister => ({
  rowId: 9, moduleCode: 'CS2041', moduleName: 'Data Structures', eventType: 'Lab',
  startTime: '2026-11-23T10:00:00+00:00', duration: 60, roomId: 'ENG-2.03', roomName: 'Software Lab', isCancelled: false, isMonitored: true,
  registrationOpens: '2026-11-23T09:50:00+00:00', registrationCloses: '2026-11-23T10:20:00+00:00', closedAt: null,
  overrideUntil: '2026-11-30T11:00:00+00:00',
  students: [student(), student({ userId: 2, displayName: 'Ben Hughes', studentId: 'S2', state: 'Registered', registeredAt: '2026-11-23T10:03:00+00:00' })],
  canChange: true, history: [], requiresCheckInCode: false,
  ...over,
});
const open = Date.parse('2026-11-23T10:05:00Z');

describe('RegisterTable', () => {
  it('is the app\'s responsive table: named, one row per student, each status cell labelled for the phone cards', () => {
    render(<RegisterTable register={register()} nowMs={open} busy={undefined} onMarkPresent={() => undefined} />);
    expect(screen.getByRole('region', { name: 'Students on the register' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Students on the register' });
    expect(table.classList.contains('data-table--cards')).toBe(true);
    const amara = within(table).getByRole('row', { name: /^Amara Okafor/ });
    expect(within(amara).getByRole('rowheader').textContent).toBe('Amara Okafor S1');
    const status = within(amara).getByRole('cell', { name: 'Not yet' });
    expect(status.getAttribute('data-label')).toBe('Status');
    expect(within(table).getByRole('row', { name: /^Ben Hughes/ }).textContent).toContain('Registered at 10:03');
  });

  it('offers Mark present to a student not yet present, reachable by Tab and pressed with Enter', async () => {
    const user = userEvent.setup();
    const onMarkPresent = vi.fn();
    render(<RegisterTable register={register()} nowMs={open} busy={undefined} onMarkPresent={onMarkPresent} />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Mark present ?: Amara Okafor$/ }));
    await user.keyboard('{Enter}');
    expect(onMarkPresent).toHaveBeenCalledWith(expect.objectContaining({ userId: 1 }));
  });

  it('while one student is being marked, says so on their button and holds every other', () => {
    const students = [student(), student({ userId: 3, displayName: 'Chen Li', studentId: null })];
    render(<RegisterTable register={register({ students })} nowMs={open} busy="mark-1" onMarkPresent={() => undefined} />);
    expect(screen.getByRole('button', { name: /^Marking… ?: Amara Okafor$/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: /^Mark present ?: Chen Li$/ }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the final result once the register is closed', () => {
    const closed = register({ closedAt: '2026-11-23T10:21:00+00:00', students: [student({ result: 'Absent' })] });
    render(<RegisterTable register={closed} nowMs={open} busy={undefined} onMarkPresent={() => undefined} />);
    expect(screen.getByRole('cell', { name: 'Absent' }).getAttribute('data-label')).toBe('Status');
  });
});
