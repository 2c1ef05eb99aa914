import { useId, useState, type FormEvent } from 'react';
import { defaultDeactivationThresholdPercent, importBundleField, type ImportSummary } from '../../../../shared/contract/adminImports';
import { ActionKey } from '../../../api/actionKey';
import { toErrorDetails, type ErrorDetails } from '../../../api/errorHandler';
import { FileUploader } from '../../../ui/fileUploader/FileUploader';
import type { FileRules } from '../../../ui/fileUploader/fileRules';
import { TextInput } from '../form/FormParts';
import { useOnline } from '../shell/useOnline';
import { formatUploadProgress } from './importText';
import { uploadBundle } from './uploadBundle';

/** The server's default cap (IMPORT_MAX_MB); a server set higher or lower answers 413 itself. */
const MAX_BUNDLE_BYTES = 200 * 1024 * 1024;
const bundleRules: FileRules = {
  accept: ['.zip', 'application/zip', 'application/x-zip-compressed'],
  maxFileSize: MAX_BUNDLE_BYTES,
  typeDescription: 'Zip',
};

const thresholdField = 'deactivationThresholdPercent';
const thresholdMessage = 'Enter a whole percentage from 0 to 100.';

interface Progress {
  readonly loaded: number;
  readonly total: number;
}

/** Upload: the bundle, the deactivation threshold, 'Upload and check', the bytes sent and what went wrong. */
export function UploadForm({ onUploaded }: { readonly onUploaded: (summary: ImportSummary) => void }) {
  const id = useId();
  const isOnline = useOnline();
  const [file, setFile] = useState<File | undefined>();
  const [threshold, setThreshold] = useState(String(defaultDeactivationThresholdPercent));
  const [progress, setProgress] = useState<Progress | undefined>();
  const [failure, setFailure] = useState<ErrorDetails | undefined>();
  const [uploadKey] = useState(() => new ActionKey());
  const isUploading = progress !== undefined;

  const fieldMessage = (field: string) => failure?.errors[field]?.join(' ');
  const fileError = fieldMessage(importBundleField);
  const fieldMessages = [fileError, fieldMessage(thresholdField)].filter((message): message is string => Boolean(message));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const percent = /^(?:100|[1-9]?[0-9])$/.test(threshold.trim()) ? Number(threshold.trim()) : undefined;
    const problems: Record<string, string[]> = {};
    if (!file) problems[importBundleField] = ['Choose a zip file to upload.'];
    if (percent === undefined) problems[thresholdField] = [thresholdMessage];
    if (!file || percent === undefined) {
      setFailure({ message: 'The bundle was not uploaded.', errors: problems });
      return;
    }
    setFailure(undefined);
    setProgress({ loaded: 0, total: file.size });
    try {
      const summary = await uploadBundle({
        file,
        ...(percent === defaultDeactivationThresholdPercent ? {} : { deactivationThresholdPercent: percent }),
        idempotencyKey: uploadKey.current(),
        onProgress: (loaded, total) => setProgress({ loaded, total }),
      });
      uploadKey.finish();
      setFile(undefined);
      setThreshold(String(defaultDeactivationThresholdPercent));
      onUploaded(summary);
    } catch (caught) {
      setFailure(toErrorDetails(caught));
    } finally {
      setProgress(undefined);
    }
  };

  const isSent = progress !== undefined && progress.loaded >= progress.total;
  return (
    <form className="admin-editor admin-imports__upload" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`}>Upload a bundle</h2>
      <FileUploader
        label="Bundle (zip)"
        existing={[]}
        onRemoveExisting={() => undefined}
        pending={file ? [file] : []}
        onPendingChange={(files) => {
          // One bundle at a time: a newly chosen file takes the place of the last.
          setFile(files.at(-1));
          uploadKey.finish();
          setFailure(undefined);
        }}
        rules={bundleRules}
        isDisabled={isUploading}
        errorMessage={fileError}
      />
      <TextInput
        label="Deactivation threshold (%)"
        type="number"
        value={threshold}
        onChange={(value) => {
          setThreshold(value);
          uploadKey.finish();
        }}
        hint="0 to 100. A complete (bulk) file that would deactivate more than this share of a kind of record gets a warning."
        errors={failure?.errors[thresholdField]}
      />
      <div className="admin-editor__actions">
        <button type="submit" className="button button--primary" disabled={isUploading || !isOnline}>
          {isUploading ? 'Uploading…' : 'Upload and check'}
        </button>
      </div>
      {progress && (
        <div className="admin-imports__progress">
          <label htmlFor={`${id}-progress`}>{isSent ? 'Sent; the server is storing the bundle…' : `Uploading ${file?.name ?? 'the bundle'}`}</label>
          <progress id={`${id}-progress`} max={progress.total} value={progress.loaded} aria-describedby={`${id}-bytes`} />
          <span id={`${id}-bytes`}>{formatUploadProgress(progress.loaded, progress.total)}</span>
        </div>
      )}
      <div aria-live="polite" className="visually-hidden">
        {isUploading ? `Uploading ${file?.name ?? 'the bundle'}.` : ''}
      </div>
      {/* Said at once; shown here only when no field shows it already. */}
      <p className={fieldMessages.length > 0 ? 'visually-hidden' : 'form-field__error'} role="alert">
        {failure ? (fieldMessages.length > 0 ? `The bundle was not uploaded. ${fieldMessages.join(' ')}` : failure.message) : ''}
      </p>
    </form>
  );
}
