// The Firebase SDK, in a chunk of its own: loaded only when the server says web clients use FCM.
export { getApps, initializeApp } from 'firebase/app';
export { deleteToken, getMessaging, getToken, isSupported } from 'firebase/messaging';
