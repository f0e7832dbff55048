import { useParams } from 'react-router';
import { notificationService } from '../../app/screens';
import { NotFoundPage } from '../errors/NotFoundPage';
import { ForwardingPage } from '../notifications/ForwardingPage';

/** /notification-{service}: the forwarding settings of one messaging service. */
export function NotificationServiceScreen() {
  const service = notificationService(useParams().segment);
  if (!service) return <NotFoundPage />;
  return <ForwardingPage service={service} />;
}
