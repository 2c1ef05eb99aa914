import { iconShapes, type IconName } from './iconShapes';

export type { IconName };

interface IconProps {
  readonly name: IconName;
  /** Pixels; the drawing scales. */
  readonly size?: number;
  readonly className?: string;
}

/**
 * An inline SVG icon. Always decorative: the control it sits in carries the accessible name, so
 * the icon is hidden from assistive technology.
 */
export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {iconShapes[name]}
    </svg>
  );
}
