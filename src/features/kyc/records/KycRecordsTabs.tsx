import { useState, type ComponentType } from 'react';
import Card from 'react-bootstrap/Card';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { KycAuditTrail } from '@/features/kyc/records/KycAuditTrail';
import { KycComments } from '@/features/kyc/records/KycComments';
import type { KycRecordProps } from '@/features/kyc/records/recordProps';
import { KycInsights } from '@/features/kyc/records/KycInsights';
import { KycStatusHistory } from '@/features/kyc/records/KycStatusHistory';
import { KycLinksPanel } from '@/features/kyc/links/KycLinksPanel';
import { mayManageLinks } from '@/features/kyc/links/linkLabels';
import type { TranslationKey } from '@/lib/i18n';

interface RecordTab {
  key: string;
  titleKey: TranslationKey;
  Component: ComponentType<KycRecordProps>;
  /** Who sees it: everyone who sees the file unless given. */
  shownTo?: (props: KycRecordProps) => boolean;
}

// The audit trail and the insights are for staff (docs/api/kyc.md).
const staffOnly = ({ staff }: KycRecordProps) => staff;

const RECORD_TABS: readonly RecordTab[] = [
  { key: 'comments', titleKey: 'kyc.tabs.comments', Component: KycComments },
  { key: 'history', titleKey: 'kyc.tabs.history', Component: KycStatusHistory },
  { key: 'audit', titleKey: 'kyc.tabs.audit', Component: KycAuditTrail, shownTo: staffOnly },
  { key: 'insights', titleKey: 'kyc.tabs.insights', Component: KycInsights, shownTo: staffOnly },
  {
    key: 'links',
    titleKey: 'kycLinks.tab',
    Component: KycLinksPanel,
    shownTo: ({ actors, staff }) => mayManageLinks(actors, staff),
  },
];

/** The file's records beside (or, on narrow screens, below) its steps. */
export function KycRecordsTabs({ submission, actors, staff }: KycRecordProps) {
  const { t } = useTranslation();
  const tabs = RECORD_TABS.filter((tab) => tab.shownTo?.({ submission, actors, staff }) ?? true);
  const [active, setActive] = useState(tabs[0]!.key);
  return (
    <Card className="shadow-sm kyc-records">
      <Card.Body className="p-3">
        <h2 className="visually-hidden">{t('kyc.tabs.label')}</h2>
        <Tabs
          id={`kyc-records-${submission.id}`}
          activeKey={active}
          onSelect={(key) => key && setActive(key)}
          mountOnEnter
          unmountOnExit
          transition={false}
          className="kyc-tabs mb-3"
        >
          {tabs.map(({ key, titleKey, Component }) => (
            <Tab key={key} eventKey={key} title={t(titleKey)}>
              <Component submission={submission} actors={actors} staff={staff} />
            </Tab>
          ))}
        </Tabs>
      </Card.Body>
    </Card>
  );
}
