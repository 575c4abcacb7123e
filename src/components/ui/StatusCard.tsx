import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';

interface StatusCardProps {
  title: string;
  message: string;
  /** Buttons or links offered to get out of the situation. */
  actions?: ReactNode;
  /** 'alert' announces the card to screen readers at once (errors that interrupt the user). */
  role?: 'alert';
}

/** A centred card for full-page states: errors, not found, start-up failures. */
export function StatusCard({ title, message, actions, role }: StatusCardProps) {
  return (
    <Container as="main" className="d-flex align-items-center justify-content-center min-vh-100">
      <Card className="shadow-sm text-center" style={{ maxWidth: '32rem' }} role={role}>
        <Card.Body className="p-4">
          <h1 className="h4 mb-3">{title}</h1>
          <p className="text-body-secondary">{message}</p>
          {actions && <div className="d-flex justify-content-center gap-2 mt-4">{actions}</div>}
        </Card.Body>
      </Card>
    </Container>
  );
}
