import { useEffect, useRef, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { isStaff } from '@common/roles';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { ErrorCard } from '@/components/ui/ErrorCard';
import { orderNewPath, paths } from '@/config/paths';
import { TermsBadge, VerifiedBadge } from '@/features/partners/PartnerBadges';
import { TermsButton } from '@/session/TermsButton';
import { effectiveAccessLevel, partnerPermissions } from '@/companies/partnerAccess';
import { parsePartnerRef } from '@/features/partners/partnerRef';
import {
  fetchPartner,
  selectPartnerDetail,
  selectPartnerFor,
} from '@/features/partners/partnersSlice';
import { entryFor } from '@/store/requests';
import type { PartnerTab } from '@/slots/partnerPage';
import { PARTNER_TABS } from '@/features/partners/partnerTabs';
import { LoadFailed, Loading } from '@/components/ui/RequestFeedback';
import { useScrollHint } from '@/components/ui/useScrollHint';
import { ACCESS_LEVEL_LABELS } from '@/features/partners/labels';
import { selectRoles } from '@/session/userSlice';
import './partners.css';

function PartnerNotFound() {
  const { t } = useTranslation();
  return (
    <ErrorCard
      code={404}
      icon="compass"
      title={t('partners.detail.notFoundTitle')}
      message={t('partners.detail.notFoundMessage')}
      actions={
        <Link to={paths.partners} className="btn btn-primary">
          {t('partners.detail.backToList')}
        </Link>
      }
    />
  );
}

/**
 * /partners/{idOrUuid}: one trade partner in tabs. The id is a UUID or a legacy numeric id
 * (SPEC section 2); anything else, or a partner the user may not see, is 'not found'.
 */
/** Its children's row of tabs shows, by a faded edge, that it scrolls (useScrollHint). */
function ScrollHint({ selector, children }: { selector: string; children: ReactNode }) {
  const area = useRef<HTMLDivElement>(null);
  useScrollHint(area, selector);
  return <div ref={area}>{children}</div>;
}

/** `extraTabs`: the tabs other features add (the app passes KYC's), after the partner's own. */
export function PartnerDetailPage({ extraTabs = [] }: { extraTabs?: readonly PartnerTab[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { partnerId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const valid = parsePartnerRef(partnerId) !== null;
  const detail = useAppSelector(selectPartnerDetail);
  const partner = useAppSelector((state) => selectPartnerFor(state, partnerId));
  const roles = useAppSelector(selectRoles);

  useEffect(() => {
    if (valid) void dispatch(fetchPartner(partnerId));
  }, [dispatch, partnerId, valid]);

  if (!valid) return <PartnerNotFound />;
  const failed = entryFor(detail, partnerId)?.error ?? null;
  if (!partner) {
    // 400 and 404 alike: the partner does not exist or is not the user's to see.
    if (failed && (failed.status === 404 || failed.status === 400)) return <PartnerNotFound />;
    if (failed) {
      return (
        <LoadFailed
          message={t('partners.detail.loadFailed')}
          onRetry={() => void dispatch(fetchPartner(partnerId))}
        />
      );
    }
    return <Loading label={t('partners.detail.loading')} />;
  }

  const can = partnerPermissions(roles, partner);
  const tabs = [...PARTNER_TABS, ...extraTabs].filter((tab) => tab.visible?.(can, roles) ?? true);
  const requested = params.get('tab');
  const active = tabs.some((tab) => tab.key === requested) ? requested! : tabs[0]!.key;
  const level = isStaff(roles) && !partner.accessLevel ? null : effectiveAccessLevel(partner);

  return (
    <>
      <div className="app-page-header">
        <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
          <h1 className="h3 mb-0 me-auto">{partner.name}</h1>
          {isStaff(roles) && (
            <Link to={orderNewPath(partner.uuid)} className="btn btn-primary btn-sm">
              {t('orders.actions.new')}
            </Link>
          )}
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <VerifiedBadge verified={partner.verified} />
          <TermsBadge accepted={partner.termsAccepted} />
          <TermsButton partner={partner} canAccept={can.acceptTerms} />
          {level && (
            <Badge
              bg="primary-subtle"
              text="primary-emphasis"
              className="border border-primary-subtle"
            >
              {t('partners.detail.yourAccess', { level: t(ACCESS_LEVEL_LABELS[level]) })}
            </Badge>
          )}
        </div>
      </div>
      <ScrollHint selector='[role="tablist"]'>
        <Tabs
          id="partner-tabs"
          activeKey={active}
          onSelect={(key) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (!key || key === tabs[0]!.key) next.delete('tab');
                else next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          mountOnEnter
          unmountOnExit
          transition={false}
          className="partners-tabs mb-3"
        >
          {tabs.map(({ key, titleKey, Component }) => (
            <Tab key={key} eventKey={key} title={t(titleKey)}>
              <Component partner={partner} can={can} />
            </Tab>
          ))}
        </Tabs>
      </ScrollHint>
    </>
  );
}
