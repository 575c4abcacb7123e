import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { Icon, type IconName } from '@/components/ui/Icon';

interface ErrorCardProps {
  /** The HTTP-style code shown large (404, 403, 500). */
  code: number;
  icon: IconName;
  title: string;
  message: string;
  actions: ReactNode;
  /** 'alert' announces the card at once (an error that interrupts the user). */
  role?: 'alert';
}

/** A card for a page that could not be shown: code, title, what happened, the way out. */
export function ErrorCard({ code, icon, title, message, actions, role }: ErrorCardProps) {
  return (
    <Card className="app-error-card shadow-sm text-center mx-auto" role={role}>
      <Card.Body className="p-4 p-sm-5">
        <div className="app-error-icon mb-3">
          <Icon name={icon} size={32} />
        </div>
        <p className="app-error-code mb-1" aria-hidden="true">
          {code}
        </p>
        <h1 className="h4 mb-3">{title}</h1>
        <p className="text-body-secondary mb-4">{message}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">{actions}</div>
      </Card.Body>
    </Card>
  );
}
