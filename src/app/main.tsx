import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { applyPreferencesFromCookies } from './features/preferences/applyPreferences';
import { captureInstallPrompt } from './features/install/installPrompt';
import { createAppRouter } from './routes';
import { reportApiActivity } from './api/apiActivity';
import { registerViewAsPort } from './features/viewAs/registerViewAsPort';
import { startServiceWorker } from './sw/registerServiceWorker';
import './fonts.css';
import './styles/index.css';

document.documentElement.dataset.build = __BUILD_ID__;
// The core (outbox, write delivery, refusal notices) asks the view-as feature through its port.
registerViewAsPort();
// The saved appearance applies before the first paint; the signed-in area keeps it in step.
applyPreferencesFromCookies();
// Chromium offers its install prompt once, early: keep it for the install banner.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);

startServiceWorker({ onApiActivity: reportApiActivity });
