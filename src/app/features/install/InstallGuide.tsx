import type { ReactNode } from 'react';
import type { InstallGuideKind } from './installEnvironment';

const iconProps = { width: 28, height: 28, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, 'aria-hidden': true } as const;

/** Safari's Share button: a box with an arrow out of its top. */
function ShareIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 3v12M8 7l4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M7 10H5v11h14V10h-2" strokeLinejoin="round" />
    </svg>
  );
}

/** "Add to Home Screen": a square with a plus. */
function AddIcon() {
  return (
    <svg {...iconProps}>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <path d="M12 8v8M8 12h8" strokeLinecap="round" />
    </svg>
  );
}

/** A browser's menu button: three dots. */
function MenuIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="5" r="1.5" fill="currentColor" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" />
      <circle cx="12" cy="19" r="1.5" fill="currentColor" />
    </svg>
  );
}

/** The app appearing on the home screen. */
function HomeScreenIcon() {
  return (
    <svg {...iconProps}>
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <rect x="9" y="7" width="6" height="6" rx="1.5" fill="currentColor" />
    </svg>
  );
}

interface Step {
  readonly icon: ReactNode;
  readonly text: ReactNode;
}

const guides: Record<InstallGuideKind, { readonly steps: readonly Step[]; readonly note?: string }> = {
  'ios-safari': {
    steps: [
      { icon: <ShareIcon />, text: <>Tap the <strong>Share</strong> button in Safari’s toolbar.</> },
      { icon: <AddIcon />, text: <>Scroll down and tap <strong>Add to Home Screen</strong>.</> },
      { icon: <HomeScreenIcon />, text: <>Tap <strong>Add</strong>, then open Campus Companion from your home screen.</> },
    ],
    note: 'On iPhone and iPad, notifications work only in the app added to your home screen.',
  },
  'ios-other': {
    steps: [
      { icon: <ShareIcon />, text: <>Tap the <strong>Share</strong> button (in the address bar or the browser’s menu).</> },
      { icon: <AddIcon />, text: <>Tap <strong>Add to Home Screen</strong>. If it is not listed, open this page in Safari.</> },
      { icon: <HomeScreenIcon />, text: <>Tap <strong>Add</strong>, then open Campus Companion from your home screen.</> },
    ],
    note: 'On iPhone and iPad, notifications work only in the app added to your home screen.',
  },
  'mac-safari': {
    steps: [
      { icon: <ShareIcon />, text: <>Choose <strong>File</strong>, then <strong>Add to Dock</strong> (or the Share button, then Add to Dock).</> },
      { icon: <HomeScreenIcon />, text: <>Click <strong>Add</strong>; Campus Companion opens from the Dock like any app.</> },
    ],
  },
  android: {
    steps: [
      { icon: <MenuIcon />, text: <>Open the browser’s menu.</> },
      { icon: <AddIcon />, text: <>Tap <strong>Install app</strong> or <strong>Add to Home screen</strong>.</> },
      { icon: <HomeScreenIcon />, text: <>Confirm, then open Campus Companion from your home screen.</> },
    ],
  },
  other: {
    steps: [
      { icon: <MenuIcon />, text: <>Open the browser’s menu.</> },
      { icon: <AddIcon />, text: <>Look for <strong>Install</strong>, <strong>Add to Home screen</strong> or <strong>Apps</strong>. Not every browser offers one; Chrome, Edge and Safari do.</> },
    ],
  },
};

/** Short, illustrated Add to Home Screen steps for browsers with no install prompt of their own. */
export default function InstallGuide({ kind }: { readonly kind: InstallGuideKind }) {
  const guide = guides[kind];
  return (
    <>
      <ol className="install-guide" aria-label="How to add the app to your home screen">
        {guide.steps.map((step, index) => (
          <li key={index}>
            {step.icon}
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
      {guide.note && <p>{guide.note}</p>}
    </>
  );
}
