import { useId, useState } from 'react';
import { staffAbsenceFilePreviewRoute } from '../../../shared/contract/staffAbsencePreview';
import { staffAbsenceFileRoute } from '../../../shared/contract/staffAbsences';
import { previewKindOfFileName } from '../../../shared/rules/absences/evidencePreview';
import { buildUrl } from '../../api/url';

/**
 * One evidence file on the review page: its download and, for a PDF or an image, a preview beside
 * it (issue 31 §2), folded until asked for. A PDF shows in a frame whose document the server's answer
 * sandboxes (its CSP `sandbox`: no scripts, an opaque origin, framable by this origin only); an image
 * as an image. Both load the inline route, which has the download's access rules.
 *
 * The frame carries no `sandbox` attribute on purpose: Chromium refuses to show a PDF in a frame
 * sandboxed by its parent ("This page has been blocked"), while it shows one whose own response
 * sandboxes it, so the sandbox comes from the response, where it also covers a frame opened directly.
 */
export function EvidenceFile({ requestRowId, file }: { requestRowId: number; file: { rowId: number; fileName: string } }) {
  const [isOpen, setIsOpen] = useState(false);
  const previewId = useId();
  const params = { rowId: requestRowId, fileRowId: file.rowId };
  const kind = previewKindOfFileName(file.fileName);
  const previewUrl = buildUrl(staffAbsenceFilePreviewRoute.path, params);
  return (
    <li className="staff-absence__file">
      <span className="staff-absence__file-row">
        <a href={buildUrl(staffAbsenceFileRoute.path, params)} download>
          {file.fileName}
        </a>
        {kind && (
          <button type="button" className="button button--ghost" aria-expanded={isOpen} aria-controls={previewId} onClick={() => setIsOpen((open) => !open)}>
            Preview {file.fileName}
          </button>
        )}
      </span>
      {kind && (
        <div id={previewId} className="staff-absence__preview" hidden={!isOpen}>
          {isOpen &&
            (kind === 'pdf' ? (
              <iframe className="staff-absence__preview-frame" src={previewUrl} title={`Preview of ${file.fileName}`} />
            ) : (
              <img className="staff-absence__preview-image" src={previewUrl} alt={`Preview of ${file.fileName}`} />
            ))}
        </div>
      )}
    </li>
  );
}
