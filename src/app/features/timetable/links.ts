import { generatePath } from 'react-router';
import { paths } from '../../routing/paths';

export const hrefTo = {
  map: (roomId: string) => generatePath(paths.timetableMap, { roomId }),
  register: (eventRowId: number) => generatePath(paths.timetableRegister, { eventRowId: String(eventRowId) }),
};
