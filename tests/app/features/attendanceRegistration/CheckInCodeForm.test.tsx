import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CheckInCodeForm from '../../../../src/app/features/attendanceRegistration/CheckInCodeForm';
import { ApiError } from '../../../../src/app/api/ApiError';
import { toastStore } from '../../../../src/app/ui/toast/toastStore';

// Issue 31 §5: the student's check-in code field. The server judges the code; the form checks its
// shape, sends it with the registration, and shows a refusal beside the field.

const expired = 'That check-in code has expired. Enter the code your lecturer is showing now.';

function portsRefusing(message?: string) {
  return {
    isOnCampusNetwork: vi.fn(async () => true),
    register: vi.fn(async () => {
      if (message) throw new ApiError({ reason: 'http', status: 400, statusText: 'Bad Request', message, errors: { checkInCode: [message] } });
    }),
  };
}

afterEach(() => toastStore.clear());

describe('CheckInCodeForm', () => {
  it('asks for the code before sending anything, and keeps focus on the field', async () => {
    const ports = portsRefusing();
    render(<CheckInCodeForm timetableEntryRowId={7} sessionLabel="CS2041 Lab at 09:00" ports={ports} />);
    await userEvent.click(screen.getByRole('button', { name: 'Register attendance' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit check-in code your lecturer is showing.');
    await userEvent.type(screen.getByLabelText(/^Check-in code/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Register attendance' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A check-in code is 6 digits, such as 482 913.');
    expect(screen.getByLabelText(/^Check-in code/)).toHaveFocus();
    expect(ports.register).not.toHaveBeenCalled();
  });

  it('sends the digits with the registration and shows the server\'s refusal beside the field', async () => {
    const ports = portsRefusing(expired);
    render(<CheckInCodeForm timetableEntryRowId={7} sessionLabel="CS2041 Lab at 09:00" ports={ports} />);
    const field = screen.getByLabelText(/^Check-in code for CS2041 Lab at 09:00/);
    await userEvent.type(field, '482 913');
    await userEvent.click(screen.getByRole('button', { name: 'Register attendance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    expect(ports.register).toHaveBeenCalledWith({ timetableEntryRowId: 7, isAttendanceMonitored: true, checkInCode: '482913' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
  });

  it('says Registered once the server accepts the code', async () => {
    render(<CheckInCodeForm timetableEntryRowId={7} sessionLabel="CS2041 Lab at 09:00" ports={portsRefusing()} />);
    await userEvent.type(screen.getByLabelText(/^Check-in code/), '482913{Enter}');
    expect(await screen.findByText('Registered')).toBeInTheDocument();
    expect(toastStore.getSnapshot().map((toast) => toast.text)).toContain('Your attendance has been registered.');
  });
});
