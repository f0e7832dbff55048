import { useParams } from 'react-router';
import { notificationService } from '../../app/screens';
import { NotFoundPage } from '../errors/NotFoundPage';
import { PlaceholderScreen } from './PlaceholderScreen';

/** /notification-{service}: the page of one messaging service. */
export function NotificationServiceScreen() {
  const service = notificationService(useParams().segment);
  if (!service) return <NotFoundPage />;
  return <PlaceholderScreen titleId="nav.notificationPage" descriptionId="screen.notificationPage" params={{ service }} />;
}
