import { Icon } from '../../ui/icons/Icon';

export interface FavouriteToggleProps {
  /** The item's name, for the button's name: 'Add {name} to favourites'. */
  readonly name: string;
  readonly isFavourite: boolean;
  readonly onToggle: () => void;
}

/**
 * A toggle button: its name stays the same and aria-pressed carries the state (WAI-ARIA toggle
 * pattern), so a screen reader says "Add Moodle to favourites, pressed" once it is a favourite.
 */
export function FavouriteToggle({ name, isFavourite, onToggle }: FavouriteToggleProps) {
  return (
    <button
      type="button"
      className="favourite-toggle"
      aria-pressed={isFavourite}
      aria-label={`Add ${name} to favourites`}
      title={isFavourite ? 'Remove from favourites' : 'Add to favourites'}
      onClick={onToggle}
    >
      <Icon name="star" size={22} />
    </button>
  );
}
