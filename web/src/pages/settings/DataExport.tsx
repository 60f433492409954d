import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import { getAccountExport } from '../../api/endpoints';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications';
import { Button } from '../../ui';
import { DataAction } from './DataAction';
import { settingsMessages } from './messages';
import { exportFileName, saveJsonFile } from './save-json-file';

/**
 * "Download my data": asks the gateway for the whole archive and saves it as a file. Through the
 * API client (not a plain link) so a refusal — the hourly limit, a service that did not answer —
 * is a message on the page, never an error page saved as the file.
 */
export function DataExport() {
  const { t } = useMessages('settings', settingsMessages);
  const download = useMutation({
    mutationFn: () => getAccountExport(),
    onSuccess: (archive) => {
      saveJsonFile(archive, exportFileName(archive.exportedAt));
      toast.success(t('data.export.done'));
    },
    onError: (error) => {
      toast.error(isApiError(error) ? `${t('data.export.failed')} ${error.message}` : t('data.export.failed'));
    },
  });
  return (
    <DataAction hint={t('data.export.hint')}>
      {(hintId) => (
        <Button
          variant="secondary"
          loading={download.isPending}
          aria-describedby={hintId}
          onClick={() => download.mutate()}
        >
          {download.isPending ? t('data.export.preparing') : t('data.export.button')}
        </Button>
      )}
    </DataAction>
  );
}
