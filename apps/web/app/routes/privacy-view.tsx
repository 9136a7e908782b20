import { whatsappLink } from '@souk/domain/shop';
import { StaticPage } from '~/features/layout/static-page';
import { useShopConfig } from '~/lib/shop-config';

// Not a route of its own: the page of the privacy route (privacy.tsx), which that route loads as an
// island, hydrated once the page is idle (docs/decisions/0028): its text is in the first paint, not
// in the first load's JavaScript.

export function PrivacyView() {
  const { shopWhatsapp } = useShopConfig();
  const contact = (
    <a href={whatsappLink(shopWhatsapp.number)} target="_blank" rel="noopener noreferrer">
      {shopWhatsapp.display}
    </a>
  );
  return (
    <StaticPage title="Politique de confidentialité" updated="novembre 2026">
      <section>
        <h2>Qui traite vos données ?</h2>
        <p>La boutique Souk, pour la gestion de votre compte client et de vos commandes.</p>
      </section>
      <section>
        <h2>Les données que nous conservons</h2>
        <ul>
          <li>votre nom ;</li>
          <li>votre numéro WhatsApp ;</li>
          <li>votre adresse e-mail ;</li>
          <li>vos commandes : articles, quantités, montants, dates et statut ;</li>
          <li>le contenu de votre panier, rattaché à votre compte ou à un identifiant de session anonyme.</li>
        </ul>
        <p>
          Votre mot de passe n’est jamais conservé en clair : seule une empreinte chiffrée est enregistrée.
        </p>
      </section>
      <section>
        <h2>Pourquoi ?</h2>
        <p>
          Uniquement pour créer et gérer votre compte, traiter vos commandes, vous contacter sur WhatsApp afin
          de les confirmer et d’organiser la livraison et le paiement, et répondre à vos questions. Vos
          données ne sont ni vendues ni utilisées à des fins publicitaires.
        </p>
      </section>
      <section>
        <h2>Combien de temps ?</h2>
        <p>
          Tant que votre compte existe. Les commandes sont gardées le temps nécessaire à leur suivi et à nos
          obligations comptables, puis supprimées.
        </p>
      </section>
      <section>
        <h2>Cookies et stockage sur votre appareil</h2>
        <p>
          Nous utilisons seulement ce qui est nécessaire au fonctionnement de la boutique : un cookie de
          session pour rester connecté et le stockage local de votre navigateur pour le panier. Aucun cookie
          publicitaire ni outil de mesure d’audience tiers.
        </p>
      </section>
      <section>
        <h2>Qui y a accès ?</h2>
        <p>
          Seule l’équipe Souk. Lorsque vous nous écrivez sur WhatsApp ou payez par Orange Money, ces services
          traitent aussi les informations échangées, selon leurs propres règles.
        </p>
      </section>
      <section>
        <h2>Vos droits</h2>
        <p>
          Vous pouvez à tout moment demander l’accès à vos données, leur correction ou leur suppression (ainsi
          que celle de votre compte) en nous écrivant sur WhatsApp au {contact}. Nous répondons dans un délai
          de 30 jours. Vous pouvez aussi modifier vous-même votre nom, votre e-mail et votre numéro dans « Mon
          Compte ».
        </p>
      </section>
    </StaticPage>
  );
}
