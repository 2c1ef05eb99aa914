import { describe, expect, it } from 'vitest';
import { directionsTo } from '../../../../src/app/features/map/directions';

const room = { lat: 51.5074, lng: -0.1278, label: 'Lecture Theatre (B.2.14)' };
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('directionsTo', () => {
  it("hands Android a geo: URI with the room as the label, for the user's maps app, with the web's https directions as the fallback", () => {
    expect(directionsTo(room, android)).toEqual({
      href: 'geo:51.5074,-0.1278?q=51.5074,-0.1278(Lecture%20Theatre%20(B.2.14))',
      isWeb: false,
      opens: 'your maps app',
      fallback: {
        href: 'https://www.openstreetmap.org/directions?route=%3B51.5074%2C-0.1278',
        isWeb: true,
        opens: 'OpenStreetMap',
      },
    });
  });

  it('sends an iPhone to Apple Maps by an https link, which needs no fallback', () => {
    const directions = directionsTo(room, iphone);
    expect(directions.href).toBe('https://maps.apple.com/?daddr=51.5074,-0.1278&q=Lecture%20Theatre%20(B.2.14)');
    expect(directions.isWeb).toBe(false);
    expect(directions.fallback).toBeUndefined();
  });

  it('falls back to OpenStreetMap on the web elsewhere, with nothing beside it', () => {
    expect(directionsTo(room, desktop)).toEqual({
      href: 'https://www.openstreetmap.org/directions?route=%3B51.5074%2C-0.1278',
      isWeb: true,
      opens: 'OpenStreetMap',
    });
  });
});
