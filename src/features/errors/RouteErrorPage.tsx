import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorLayout } from '@/shell/ErrorLayout';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { ServerErrorPage } from '@/features/errors/ServerErrorPage';

interface RouteErrorPageProps {
  /**
   * The failing route sits outside the shell (the root, a guard, a layout): bring the error
   * layout along. Pages inside the shell show the card in the shell's content area.
   */
  standalone?: boolean;
}

/** Every route's errorElement: a render or loader error, or a 404 thrown by the router. */
export function RouteErrorPage({ standalone = false }: RouteErrorPageProps) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error('Route error:', error);

  const card = notFound ? <NotFoundPage /> : <ServerErrorPage role="alert" />;
  return standalone ? <ErrorLayout>{card}</ErrorLayout> : <div className="py-4">{card}</div>;
}
