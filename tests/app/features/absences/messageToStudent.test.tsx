import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AbsencesTable } from '../../../../src/app/features/absences/AbsencesTable';
import { config, makeRequest } from './fixtures';

describe('the school’s message in the absences table', () => {
  it('shows under the status of the request it belongs to', () => {
    render(
      <AbsencesTable
        requests={[makeRequest({ rowId: 1, absenceStatus: 'AwaitingEvidence', messageToStudent: 'Please upload a fit note.' }), makeRequest({ rowId: 2, messageToStudent: null })]}
        categories={config.categories}
        drafts={new Map()}
        onOpen={() => {}}
      />,
    );
    const [first, second] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Awaiting evidenceMessage from the school: Please upload a fit note.');
    expect(second).not.toHaveTextContent('Message from the school');
  });
});
