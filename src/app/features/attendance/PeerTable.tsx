import type { PeerAnalysis } from '../../../shared/contract/attendance';
import { CollapsibleSection } from '../../ui/collapsible/CollapsibleSection';
import { ResponsiveTable } from '../../ui/table/ResponsiveTable';
import { percentageText } from './attendanceView';

/** Your attendance beside your peers' anonymous average, per module that has one. */
export function PeerTable({ peers }: { readonly peers: readonly PeerAnalysis[] }) {
  return (
    <CollapsibleSection storageKey="attendance.peers" title="Compared with your peers" className="attendance-section">
      <p className="muted">
        Your peers’ figure is the anonymous average of the other students on the module this year. It is shown only when
        at least 5 of them have attendance recorded, and never identifies anyone.
      </p>
      {peers.length === 0 ? (
        <p>No module has enough students for a comparison yet.</p>
      ) : (
        <ResponsiveTable label="Your attendance and your peers’">
          <caption>Your attendance and your peers’, by module</caption>
          <thead>
            <tr>
              <th scope="col">Module</th>
              <th scope="col" className="tally-table__number">You</th>
              <th scope="col" className="tally-table__number">Peers’ average</th>
            </tr>
          </thead>
          <tbody>
            {peers.map((peer) => (
              <tr key={peer.moduleCode}>
                <th scope="row">
                  {peer.moduleCode} {peer.moduleName}
                </th>
                <td className="tally-table__number" data-label="You">
                  {percentageText(peer.attendancePercentage)}
                </td>
                <td className="tally-table__number" data-label="Peers’ average">
                  {percentageText(peer.peerAttendancePercentage)}
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </CollapsibleSection>
  );
}
