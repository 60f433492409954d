import type { ShareLinkCreateRequest, ShareLinkView } from '@kadr/contracts';
import { SHARE_EXPIRY_DAYS, SHARE_LABEL_MAX, SHARE_SHOWN_AS_MAX } from '@kadr/contracts/values';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { newIdempotencyKey } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { createShareLink, getShareLinks, revokeShareLink } from '../../api/endpoints';
import { formatDateTime } from '../../i18n/format';
import { useMessages } from '../../i18n/use-messages';
import { toast } from '../../notifications';
import { Badge, Button, Card, ConfirmDialog, ErrorState, Field, Spinner, TextInput } from '../../ui';
import { jobShareMessages } from './share-messages';

const shareKeys = { links: (jobId: string) => ['share-links', jobId] as const };

/** How long "Copied" is announced before the status goes quiet again. */
const COPIED_FEEDBACK_MS = 2_000;

type Expiry = 'never' | `${(typeof SHARE_EXPIRY_DAYS)[number]}`;

/** The absolute address people paste elsewhere (the API gives the same-origin path). */
const absoluteUrlOf = (link: ShareLinkView) => new URL(link.path, window.location.origin).href;

/**
 * A finished video's "Share" section: create a public link (label, expiry, hide the prompt, allow
 * indexing, an optional name to show), and each link with its view count, Copy, Open and Revoke
 * (with a confirmation). Revoking is immediate for the page and every media URL behind it.
 */
export function ShareLinks({ jobId }: { jobId: string }) {
  const { t } = useMessages('jobShare', jobShareMessages);
  const links = useQuery({
    queryKey: shareKeys.links(jobId),
    queryFn: ({ signal }) => getShareLinks(jobId, { signal }).then((answer) => answer.data),
  });

  return (
    <Card as="section" className="job-card" aria-labelledby="job-share-heading">
      <h2 id="job-share-heading" className="job-card__title">
        {t('heading')}
      </h2>
      <p className="job-share__intro">{t('intro')}</p>
      <CreateShareLinkForm jobId={jobId} />
      <h3 className="job-share__subheading">{t('list.heading')}</h3>
      {links.isPending ? (
        <Spinner label={t('list.loading')} />
      ) : links.isError ? (
        <ErrorState
          message={t('list.loadFailed')}
          correlationId={isApiError(links.error) ? links.error.correlationId : undefined}
          onRetry={() => void links.refetch()}
          retrying={links.isFetching}
        />
      ) : links.data.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <ul className="job-share__list">
          {links.data.map((link) => (
            <ShareLinkItem key={link.id} link={link} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function CreateShareLinkForm({ jobId }: { jobId: string }) {
  const { t } = useMessages('jobShare', jobShareMessages);
  const queryClient = useQueryClient();
  const expiryId = useId();
  const [label, setLabel] = useState('');
  const [shownAs, setShownAs] = useState('');
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [hidePrompt, setHidePrompt] = useState(false);
  const [allowIndexing, setAllowIndexing] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // One key per form filling: a retried submit is the same create, not a second link.
  const idempotencyKey = useRef(newIdempotencyKey());

  const create = useMutation({
    mutationFn: (body: ShareLinkCreateRequest) => createShareLink(jobId, body, idempotencyKey.current),
    onSuccess: () => {
      toast.success(t('create.created'));
      setLabel('');
      setShownAs('');
      setFieldErrors({});
      idempotencyKey.current = newIdempotencyKey();
      void queryClient.invalidateQueries({ queryKey: shareKeys.links(jobId) });
    },
    onError: (error) => {
      if (isApiError(error) && Object.keys(error.fieldErrors).length) setFieldErrors(error.fieldErrors);
      toast.error(isApiError(error) ? `${t('create.failed')} ${error.message}` : t('create.failed'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      label: label.trim() || undefined,
      shownAs: shownAs.trim() || undefined,
      expiresInDays: expiry === 'never' ? null : (Number(expiry) as (typeof SHARE_EXPIRY_DAYS)[number]),
      hidePrompt,
      allowIndexing,
    });
  }

  return (
    <form className="job-share__form" onSubmit={submit} aria-labelledby="job-share-create-heading" noValidate>
      <h3 id="job-share-create-heading" className="job-share__subheading">
        {t('create.heading')}
      </h3>
      <Field label={t('create.label')} hint={t('create.labelHint')} error={fieldErrors.label}>
        <TextInput value={label} maxLength={SHARE_LABEL_MAX} onChange={(event) => setLabel(event.target.value)} />
      </Field>
      <Field label={t('create.shownAs')} hint={t('create.shownAsHint')} error={fieldErrors.shownAs}>
        <TextInput
          value={shownAs}
          maxLength={SHARE_SHOWN_AS_MAX}
          onChange={(event) => setShownAs(event.target.value)}
        />
      </Field>
      <Field label={t('create.expiry')} error={fieldErrors.expiresInDays}>
        <select
          id={expiryId}
          className="ui-input"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value as Expiry)}
        >
          <option value="never">{t('create.never')}</option>
          {SHARE_EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {t('create.days', { count: days })}
            </option>
          ))}
        </select>
      </Field>
      <label className="job-share__check">
        <input type="checkbox" checked={hidePrompt} onChange={(event) => setHidePrompt(event.target.checked)} />
        {t('create.hidePrompt')}
      </label>
      <label className="job-share__check">
        <input type="checkbox" checked={allowIndexing} onChange={(event) => setAllowIndexing(event.target.checked)} />
        {t('create.allowIndexing')}
      </label>
      <div>
        <Button type="submit" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}

function ShareLinkItem({ link }: { link: ShareLinkView }) {
  const { t } = useMessages('jobShare', jobShareMessages);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const name = link.label ?? t('list.unlabelled', { date: formatDateTime(link.createdAt) });
  const active = link.state === 'active';
  const url = absoluteUrlOf(link);

  async function copy() {
    try {
      // navigator.clipboard is missing on plain-http origins other than localhost.
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopyState('idle'), COPIED_FEEDBACK_MS);
  }

  async function revoke() {
    try {
      await revokeShareLink(link.jobId, link.id, newIdempotencyKey());
    } catch (error) {
      toast.error(isApiError(error) ? `${t('list.revokeFailed')} ${error.message}` : t('list.revokeFailed'));
      throw error;
    }
    toast.success(t('list.revoked'));
    void queryClient.invalidateQueries({ queryKey: shareKeys.links(link.jobId) });
  }

  return (
    <li className="job-share__item">
      <p className="job-share__name">
        <strong>{name}</strong> <Badge variant={active ? 'success' : 'neutral'}>{t(`list.state.${link.state}`)}</Badge>
      </p>
      <p className="job-share__facts">
        {[
          t('list.views', { count: link.views }),
          t('list.created', { date: formatDateTime(link.createdAt) }),
          link.expiresAt ? t('list.expires', { date: formatDateTime(link.expiresAt) }) : t('list.neverExpires'),
          link.hidePrompt ? t('list.promptHidden') : null,
          link.allowIndexing ? t('list.indexable') : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {active && (
        <>
          <p className="job-share__url">
            <code>{url}</code>
          </p>
          <div className="job-share__actions">
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('list.copyLabel', { name })}
              onClick={() => void copy()}
            >
              {t('list.copy')}
            </Button>
            <a
              className="ui-button ui-button--ghost ui-button--sm"
              href={link.path}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('list.openLabel', { name })}
            >
              {t('list.open')}
            </a>
            <Button
              size="sm"
              variant="danger"
              aria-label={t('list.revokeLabel', { name })}
              onClick={() => setConfirming(true)}
            >
              {t('list.revoke')}
            </Button>
            <span role="status" className="job-share__copied">
              {copyState === 'copied' ? t('list.copied') : copyState === 'failed' ? t('list.copyFailed') : ''}
            </span>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('list.revokeTitle')}
            description={t('list.revokeDescription')}
            confirmLabel={t('list.revokeConfirm')}
            variant="danger"
            onConfirm={revoke}
          />
        </>
      )}
    </li>
  );
}
