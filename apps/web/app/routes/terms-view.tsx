import { unpaidDeadlineNotice } from '@souk/domain/order-reasons';
import { deliveryLine, whatsappLink } from '@souk/domain/shop';
import { Link } from 'react-router';
import { StaticPage } from '~/features/layout/static-page';
import { useShopConfig } from '~/lib/shop-config';

// Not a route of its own: the page of the terms route (terms.tsx), which that route loads as an
// island, hydrated once the page is idle (docs/decisions/0028): its text is in the first paint, not
// in the first load's JavaScript.

export function TermsView() {
  const { shopWhatsapp, agency, deliveryTerms, unpaidTimeoutMs } = useShopConfig();
  const deadline = unpaidDeadlineNotice(unpaidTimeoutMs);
  const delivery = deliveryLine(deliveryTerms);
  const number = shopWhatsapp.display;
  return (
    <StaticPage title="Conditions générales de vente" updated="novembre 2026">
      <section>
        <h2>1. Objet</h2>
        <p>
          Les présentes conditions s’appliquent à toute commande passée sur la boutique en ligne Souk, qui
          vend des parfums, huiles essentielles, savons artisanaux et cosmétiques naturels. Passer une
          commande vaut acceptation de ces conditions.
        </p>
      </section>
      <section>
        <h2>2. Produits</h2>
        <p>
          Nos produits sont décrits et photographiés avec le plus grand soin ; de légères différences de
          teinte ou de présentation restent possibles. Les cosmétiques et huiles sont destinés à un usage
          externe : faites un essai sur une petite zone de peau avant la première utilisation. Les huiles
          essentielles sont déconseillées aux femmes enceintes et aux jeunes enfants sans avis médical.
        </p>
      </section>
      <section>
        <h2>3. Prix</h2>
        <p>
          Les prix sont indiqués en francs CFA (FCFA), arrondis à l’unité, toutes taxes comprises. La
          livraison est celle affichée sur chaque produit et dans le panier (« {delivery} »), sauf mention
          contraire convenue avec vous avant la confirmation. Le prix applicable est celui affiché au moment
          de la commande.
        </p>
      </section>
      <section>
        <h2>4. Commande et confirmation sur WhatsApp</h2>
        <p>
          Pour commander, vous devez disposer d’un compte client. Votre commande est d’abord enregistrée « en
          attente ». Nous vous contactons ensuite sur WhatsApp au numéro de votre compte pour confirmer les
          articles, la disponibilité, l’adresse et le mode de livraison. La vente n’est définitive qu’après
          cette confirmation.
        </p>
      </section>
      <section>
        <h2>5. Paiement</h2>
        <ul>
          <li>Par Orange Money, selon les instructions transmises dans la conversation WhatsApp ;</li>
          <li>ou directement à notre agence, lors du retrait de votre commande.</li>
        </ul>
        {deadline && <p>{deadline}</p>}
        <p>Aucune donnée bancaire n’est demandée ni enregistrée sur le site.</p>
      </section>
      <section>
        <h2>6. Livraison et retrait</h2>
        <p>
          {delivery}. Nous vous prévenons sur WhatsApp dès que votre commande est disponible à notre agence,
          où vous la retirez et pouvez la payer :
        </p>
        <ul>
          <li>Adresse : {agency.address}</li>
          <li>Horaires : {agency.hours}</li>
        </ul>
        <p>
          Un autre lieu de livraison peut être convenu avec vous sur WhatsApp. Vérifiez vos articles à la
          réception.
        </p>
      </section>
      <section>
        <h2>7. Annulation, échange et remboursement</h2>
        <p>
          Vous pouvez annuler gratuitement une commande tant qu’elle n’a pas été préparée. Si nous devons
          annuler une commande que vous avez déjà payée, nous vous la remboursons et vous le confirmons. Un
          article endommagé ou non conforme doit nous être signalé dans les 48 heures suivant la réception,
          photo à l’appui, sur WhatsApp : il sera échangé ou remboursé. Pour des raisons d’hygiène, les
          produits ouverts ou utilisés ne sont ni repris ni échangés.
        </p>
      </section>
      <section>
        <h2>8. Données personnelles</h2>
        <p>
          Les informations nécessaires au traitement de vos commandes sont traitées comme décrit dans notre{' '}
          <Link to="/privacy">politique de confidentialité</Link>.
        </p>
      </section>
      <section>
        <h2>9. Contact</h2>
        <p>
          Pour toute question ou réclamation, écrivez-nous sur WhatsApp au{' '}
          <a href={whatsappLink(shopWhatsapp.number)} target="_blank" rel="noopener noreferrer">
            {number}
          </a>
          .
        </p>
      </section>
    </StaticPage>
  );
}
