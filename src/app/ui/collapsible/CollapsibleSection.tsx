import { useId, useState, type ReactNode } from 'react';
import { Icon } from '../icons/Icon';
import { readOpen, rememberOpen } from './rememberedOpen';
import './collapsible.css';

interface CollapsibleSectionProps {
  /** Remembers the section's state on this device (rememberedOpen.ts); unique across the app. */
  readonly storageKey: string;
  /** The heading, which is also the toggle. */
  readonly title: string;
  /**
   * 2 (the default): a card of its own. 3: a part of a level-2 section's card, drawn as a divided
   * row rather than a card inside a card.
   */
  readonly headingLevel?: 2 | 3;
  /** Shown beside the title while closed, so a closed section still says what it holds. */
  readonly summary?: ReactNode;
  readonly isOpenByDefault?: boolean;
  readonly className?: string;
  readonly children: ReactNode;
}

/**
 * A card whose heading opens and closes it (a disclosure: a button with aria-expanded inside the
 * heading), or a part of one (`headingLevel` 3). Closed, its content is not rendered at all, so a
 * lazily loaded part loads only when opened.
 */
export function CollapsibleSection({ storageKey, title, summary, headingLevel = 2, isOpenByDefault = false, className, children }: CollapsibleSectionProps) {
  const [isOpen, setIsOpen] = useState(() => readOpen(globalThis.localStorage, storageKey, isOpenByDefault));
  const id = useId();
  const toggle = () => {
    setIsOpen(!isOpen);
    rememberOpen(globalThis.localStorage, storageKey, !isOpen);
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const classes = [headingLevel === 2 ? 'card collapsible' : 'collapsible collapsible--nested', className].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby={`${id}-heading`}>
      <Heading className="collapsible__heading" id={`${id}-heading`}>
        <button type="button" className="collapsible__toggle" aria-expanded={isOpen} aria-controls={`${id}-body`} onClick={toggle}>
          <Icon name="chevronRight" size={20} className="collapsible__chevron" />
          <span className="collapsible__title">{title}</span>
          {!isOpen && summary !== undefined && <span className="collapsible__summary">{summary}</span>}
        </button>
      </Heading>
      <div className="collapsible__body" id={`${id}-body`} hidden={!isOpen}>
        {isOpen && children}
      </div>
    </section>
  );
}
