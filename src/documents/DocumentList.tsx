import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { Document } from '@common/documents';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { notify } from '@/notifications/notificationsSlice';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable } from '@/components/ui/DataTable';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { useConfirmedChange, useNotifiedChange } from '@/notifications/useConfirmedChange';
import type { DocumentQuery } from '@/documents/documentsApi';
import {
  changeDocumentStatus,
  changeDocumentType,
  documentListKey,
  fetchDocuments,
  selectDocumentList,
} from '@/documents/documentsSlice';
import { DocumentRow } from '@/documents/DocumentRow';
import { DocumentViewer } from '@/documents/DocumentViewer';
import { useDocumentTypes } from '@/documents/useDocumentTypes';
import './documents.css';

/** The query as one object for as long as its fields stay the same (documentListKey). */
function useListQuery(query: DocumentQuery) {
  const key = documentListKey(query);
  const [current, setCurrent] = useState({ key, query });
  if (current.key !== key) {
    setCurrent({ key, query });
    return { key, query };
  }
  return current;
}

export interface DocumentListProps {
  /** Which documents (GET /api/documents/filter), e.g. `{ tradePartnerUuid }`. */
  query: DocumentQuery;
  /** May change types, archive, restore and see archived documents. */
  canChange?: boolean;
  /** A heading above the list (h2); the table's caption either way. */
  title?: string;
  /** What an empty list says. */
  emptyText?: string;
  /** The types the type select offers; every type but PROFILE_PICTURE when absent. */
  typeCodes?: readonly string[];
  /** Shows only the documents of the query's answer this keeps (a shipment's leg's). */
  only?: (document: Document) => boolean;
}

/**
 * Documents with a preview each, their type, size, upload time and uploader. Those who may
 * change them pick another type, archive (after a confirmation) and, with archived documents
 * shown, restore. View opens the DocumentViewer. The list loads itself and reloads when an
 * upload or a restore made it stale.
 */
export function DocumentList({
  query,
  canChange = false,
  title,
  emptyText,
  typeCodes,
  only,
}: DocumentListProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const switchId = useId();
  const types = useDocumentTypes(typeCodes);
  const [showArchived, setShowArchived] = useState(false);
  const [viewing, setViewing] = useState<Document | null>(null);

  const { key, query: effectiveQuery } = useListQuery(
    canChange && showArchived ? { ...query, includeArchived: true } : query,
  );
  const list = useAppSelector((state) => selectDocumentList(state, key));
  const stale = list?.stale ?? false;

  useEffect(() => {
    void dispatch(fetchDocuments({ query: effectiveQuery }));
  }, [dispatch, effectiveQuery, stale]);

  const run = useNotifiedChange();
  const archiving = useConfirmedChange(
    (document: Document) =>
      dispatch(changeDocumentStatus({ id: document.id, status: 'ARCHIVED' })).unwrap(),
    (document) =>
      notify.success('documents.notices.archived.title', 'documents.notices.archived.message', {
        values: { name: document.fileName },
      }),
  );
  const restore = (document: Document) =>
    run(
      () => dispatch(changeDocumentStatus({ id: document.id, status: 'ACTIVE' })).unwrap(),
      () =>
        notify.success('documents.notices.restored.title', 'documents.notices.restored.message', {
          values: { name: document.fileName },
        }),
    );
  const changeType = (document: Document, documentType: string) =>
    run(
      () => dispatch(changeDocumentType({ id: document.id, documentType })).unwrap(),
      () =>
        notify.success(
          'documents.notices.typeChanged.title',
          'documents.notices.typeChanged.message',
          { values: { name: document.fileName } },
        ),
    );

  const answered = list?.documents ?? [];
  const documents = only ? answered.filter(only) : answered;
  const caption = title ?? t('documents.list.heading');

  return (
    <section
      aria-label={title ? undefined : caption}
      aria-labelledby={title ? `${switchId}-title` : undefined}
    >
      {(title || canChange) && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          {title && (
            <h2 className="h5 mb-0 me-auto" id={`${switchId}-title`}>
              {title}
            </h2>
          )}
          {canChange && (
            <Form.Check
              type="switch"
              role="switch"
              id={switchId}
              className="ms-auto mb-0"
              label={t('documents.list.showArchived')}
              checked={showArchived}
              onChange={(event) => setShowArchived(event.target.checked)}
            />
          )}
        </div>
      )}
      <ListFeedback
        status={list?.status}
        count={documents.length}
        failed={t('documents.list.loadFailed')}
        loading={t('documents.list.loading')}
        empty={emptyText ?? t('documents.list.empty')}
        onRetry={() => void dispatch(fetchDocuments({ query: effectiveQuery, force: true }))}
      />
      {documents.length > 0 && (
        <div className="data-table-wrap" data-loading={list?.status === 'loading' || undefined}>
          <DataTable
            caption={caption}
            columns={[
              t('documents.list.columns.document'),
              t('documents.list.columns.type'),
              t('documents.list.columns.size'),
              t('documents.list.columns.uploadedAt'),
              t('documents.list.columns.uploadedBy'),
            ]}
            withActions
          >
            {documents.map((document) => (
              <DocumentRow
                key={document.id}
                document={document}
                canChange={canChange}
                typeLabel={types.label}
                typeOptions={types.options}
                onView={setViewing}
                onTypeChange={(item, type) => void changeType(item, type)}
                onArchive={archiving.ask}
                onRestore={(item) => void restore(item)}
              />
            ))}
          </DataTable>
        </div>
      )}
      {list && !only && list.totalElements > documents.length && (
        <p className="small text-body-secondary mt-2 mb-0">
          {t('documents.list.showing', { shown: documents.length, count: list.totalElements })}
        </p>
      )}

      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        {...archiving.dialog}
        title={t('documents.list.archiveTitle')}
        message={t('documents.list.archiveMessage', {
          name: archiving.pending?.fileName ?? '',
        })}
        confirmLabel={t('documents.list.archive')}
      />
    </section>
  );
}
