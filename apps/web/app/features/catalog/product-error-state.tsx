import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { TIMEOUT_MESSAGE } from './product-timeout';

/** Product page failures: not found (404), invalid id (400), time-out, other load errors. */
export function ProductErrorState({ error }: { error: unknown }) {
  const { message } = routeErrorInfo(error, 'Produit non trouvé ou données invalides');
  return (
    <ErrorState
      title={message}
      hint={
        message === TIMEOUT_MESSAGE
          ? 'Le chargement a pris trop de temps. Vérifiez votre connexion.'
          : message === 'Produit non trouvé'
            ? "Ce produit n'existe pas ou n'est plus disponible."
            : undefined
      }
      back={{ to: '/catalog', label: 'Retour au catalogue' }}
    />
  );
}
