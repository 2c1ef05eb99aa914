import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CollapsibleSection } from '../../../../src/app/ui/collapsible/CollapsibleSection';

function Section({ isOpenByDefault }: { readonly isOpenByDefault?: boolean }) {
  return (
    <CollapsibleSection storageKey="test.section" title="Week by week" summary="12 weeks" isOpenByDefault={isOpenByDefault}>
      <p>The detail</p>
    </CollapsibleSection>
  );
}

afterEach(() => localStorage.clear());

describe('CollapsibleSection', () => {
  it('is a region named by its heading, whose button opens and closes it', async () => {
    render(<Section />);
    const toggle = screen.getByRole('button', { name: 'Week by week 12 weeks' });
    expect(screen.getByRole('heading', { level: 2 })).toContainElement(toggle);
    expect(screen.getByRole('region', { name: 'Week by week 12 weeks' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('The detail')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('The detail')).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(screen.getByText('The detail'));
    // Open, the summary goes: the content says it.
    expect(toggle).toHaveAccessibleName('Week by week');
  });

  it('at heading level 3 is a part of a card, its toggle inside an h3', () => {
    render(
      <CollapsibleSection storageKey="test.nested" title="CS2041 Data Structures" summary="3 classes" headingLevel={3}>
        <p>The detail</p>
      </CollapsibleSection>,
    );
    const toggle = screen.getByRole('button', { name: 'CS2041 Data Structures 3 classes' });
    expect(screen.getByRole('heading', { level: 3 })).toContainElement(toggle);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'CS2041 Data Structures 3 classes' })).not.toHaveClass('card');
  });

  it('opens as it was left on this device, whatever its default', async () => {
    const first = render(<Section />);
    await userEvent.click(screen.getByRole('button', { name: /Week by week/ }));
    first.unmount();
    const second = render(<Section />);
    expect(screen.getByRole('button', { name: /Week by week/ })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: /Week by week/ }));
    second.unmount();
    render(<Section isOpenByDefault />);
    expect(screen.getByRole('button', { name: /Week by week/ })).toHaveAttribute('aria-expanded', 'false');
  });
});
