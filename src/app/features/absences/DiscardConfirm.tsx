import { useId } from 'react';
import { Button } from 'react-aria-components';

interface DiscardConfirmProps {
  readonly onKeepEditing: () => void;
  readonly onDiscard: () => void;
}

/**
 * Asked inside the absence dialog when it is closed (✕, Escape, a swipe down) with input that is
 * neither sent nor saved as a draft. 'Keep editing' takes the focus, so Enter or Escape never
 * throws the input away by accident; the form stays mounted (hidden) underneath.
 */
export function DiscardConfirm({ onKeepEditing, onDiscard }: DiscardConfirmProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <section role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} className="absence-discard">
      <h3 id={titleId} className="absence-discard__title">
        Discard this request?
      </h3>
      <p id={textId}>What you have entered has not been sent or saved, and will be lost.</p>
      <div className="absence-actions">
        <Button className="button" onPress={onDiscard}>
          Discard
        </Button>
        <Button className="button button--primary" onPress={onKeepEditing} autoFocus>
          Keep editing
        </Button>
      </div>
    </section>
  );
}
