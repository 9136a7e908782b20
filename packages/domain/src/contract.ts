import { z } from 'zod';
import { LastBackupSchema } from './admin-backup.ts';
import {
  AdminBannerEnvelopeSchema,
  AdminBannerListQuerySchema,
  AdminBannerListSchema,
  BannerIdParamsSchema,
  CreateBannerInputSchema,
  UpdateBannerInputSchema,
} from './admin-banners.ts';
import {
  BatchParamsSchema,
  BulkCreateProductsInputSchema,
  BulkCreateProductsResultSchema,
  BulkProgressSchema,
} from './admin-bulk.ts';
import {
  AdminCategoryDetailSchema,
  AdminCategoryEnvelopeSchema,
  AdminCategoryListQuerySchema,
  AdminCategoryListSchema,
  AdminNotificationsSchema,
  AdminProductDetailSchema,
  AdminProductEnvelopeSchema,
  AdminProductIdParamsSchema,
  AdminProductListQuerySchema,
  AdminProductListSchema,
  AdminSearchQuerySchema,
  AdminSearchResultsSchema,
  CategoryIdParamsSchema,
  CategoryImageInputSchema,
  CreateCategoryInputSchema,
  CreateProductInputSchema,
  UpdateCategoryInputSchema,
  UpdateProductInputSchema,
} from './admin-catalog.ts';
import {
  AdminCustomerEnvelopeSchema,
  AdminCustomerListQuerySchema,
  AdminCustomerListSchema,
  BulkCustomerStatusInputSchema,
  BulkCustomerStatusResultSchema,
  CreatedCustomerSchema,
  CustomerIdParamsSchema,
  CustomerProfileInputSchema,
  CustomerStatsSchema,
  PasswordLinkSchema,
  ToggleCustomerStatusInputSchema,
  UpdatedCustomerSchema,
} from './admin-customers.ts';
import { DashboardSchema, ReportQuerySchema, ReportSchema } from './admin-dashboard.ts';
import { IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from './admin-limits.ts';
import {
  AdminMediaEnvelopeSchema,
  AdminMediaUploadSchema,
  AdminProductMediaSchema,
  MediaParamsSchema,
  ReorderMediaInputSchema,
  UpdateMediaInputSchema,
  UploadMediaInputSchema,
} from './admin-media.ts';
import {
  AdminOrderDetailEnvelopeSchema,
  AdminOrderExportQuerySchema,
  AdminOrderIdParamsSchema,
  AdminOrderListQuerySchema,
  AdminOrderListSchema,
  RecordRefundInputSchema,
  UpdateOrderPaymentInputSchema,
  UpdateOrderStatusInputSchema,
  WhatsappMessageParamsSchema,
} from './admin-orders.ts';
import {
  AdminVariantBatchSchema,
  AdminVariantEnvelopeSchema,
  AdminVariantListSchema,
  BatchVariantsInputSchema,
  CreateVariantInputSchema,
  UpdateVariantInputSchema,
  VariantParamsSchema,
} from './admin-variants.ts';
import { NoDataSchema } from './api.ts';
import {
  AuthResultSchema,
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  QuickRegisterInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdateProfileInputSchema,
  UserSchema,
} from './auth.ts';
import { BackOfficeEventsQuerySchema } from './back-office-events.ts';
import {
  AddToCartInputSchema,
  CartItemIdParamsSchema,
  CartLineChangeSchema,
  CartNotesInputSchema,
  CartSchema,
  UpdateCartItemInputSchema,
} from './cart.ts';
import {
  BannerSchema,
  CartSuggestionsSchema,
  CategoryDetailSchema,
  CategoryListSchema,
  CategoryRefParamsSchema,
  ProductDetailSchema,
  ProductIdParamsSchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductMediaSchema,
  ProductSlugParamsSchema,
  ProductSuggestionsSchema,
  SearchSuggestionsQuerySchema,
  SearchSuggestionsSchema,
  VariantIdParamsSchema,
  VariantSchema,
} from './catalog.ts';
import { TrackedOrderEnvelopeSchema, TrackingParamsSchema } from './order-tracking.ts';
import {
  CreateGuestOrderInputSchema,
  CreateOrderInputSchema,
  OrderEnvelopeSchema,
  OrderIdParamsSchema,
  OrderListSchema,
} from './orders.ts';
import {
  PaymentParamsSchema,
  RefundPaymentInputSchema,
  StartedPaymentSchema,
  StartPaymentInputSchema,
} from './payments.ts';
import { MarkedSeenSchema, MarkReceivedSeenInputSchema } from './whatsapp.ts';

// The REST contract, declared once (docs/architecture.md): for every operation its request schemas,
// the data its success envelope carries, its status, who may call it and the refusals that only
// it can answer. The API registers its routes from this table (apps/api/src/shared/route.ts) and
// serialises through it; the web's client (apps/web/app/lib/api-client.ts) infers its types from it.

/**
 * Who may call: `public` anyone; `visitor` anyone but a blocked customer (carts, guest orders);
 * `user` a signed-in customer or admin (bearer token or session cookie); `admin` an administrator.
 */
export type Access = 'public' | 'visitor' | 'user' | 'admin';

/** Whether calling needs a session (the bearer token or the session cookie). */
export const needsSession = (access: Access) => access === 'user' || access === 'admin';

export type Operation = {
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success envelope; `NoDataSchema` when the answer is only a message. */
  data: z.ZodType;
  /** 200 unless something is created (201). */
  status?: 200 | 201;
  /** Refusals particular to this operation (404, 409 …); the rest follow from access, input and limits. */
  errors?: readonly number[];
  /** Counted by the attempt limiter (429). */
  rateLimited?: boolean;
  /**
   * 'public': a successful answer to an anonymous caller may be cached briefly (catalogue reads).
   * Anything else is answered `no-store`.
   */
  cache?: 'public';
  /**
   * Also reads multipart/form-data (files); the body schema then validates the form's fields.
   * true: images only, each up to IMAGE_MAX_BYTES, buffered. 'media': the media manager's uploads,
   * typed by their first bytes: images as with true, videos up to VIDEO_MAX_BYTES streamed to a
   * temporary file (the body holds `UploadedMediaFile` values, admin-media.ts). 'bulk': as true,
   * for a bulk creation's one image per row (BULK_PRODUCTS_MAX files) and its rows as one JSON field.
   */
  multipart?: true | 'media' | 'bulk';
  /** Largest JSON body in bytes, when more than the 1 MB default (inline base64 images). */
  bodyLimit?: number;
  /** A download: the success is a file of this type (`data` describes it), streamed, not an envelope. */
  produces?: 'text/csv' | 'application/gzip' | 'text/event-stream';
};

const op = <const T extends Operation>(operation: T) => operation;

// Inline base64 images (4 characters for 3 bytes) and the other fields.
const imagesJsonLimit = (images: number) => images * Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;
const ONE_IMAGE_JSON_LIMIT = imagesJsonLimit(1);
/** A product's main image and its additional ones. */
const PRODUCT_JSON_LIMIT = imagesJsonLimit(1 + PRODUCT_IMAGES_MAX);
/** JSON batches carry their images inline: up to ten of them; larger batches go as multipart. */
const BULK_JSON_LIMIT = imagesJsonLimit(10);

const ProbeSchema = z.object({ status: z.literal('ok') });

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  environment: z.string(),
  /** This process's cache of public catalogue reads: what it holds and how often it answers. */
  cache: z.object({
    entries: z.number().int(),
    bytes: z.number().int(),
    max_bytes: z.number().int(),
    hits: z.number().int(),
    misses: z.number().int(),
    hit_rate: z.number(),
    invalidations: z.number().int(),
  }),
});

/** The customers screen's calls, served under two paths: the same operation at each. */
const customerOperations = <const B extends '/admin/customers' | '/admin/clients'>(base: B) =>
  ({
    [`GET ${base}/stats`]: op({
      summary: `Statistiques des clients (inscrits, actifs, bloqués, nouveaux du mois, commandes, chiffre d'affaires, panier moyen, fidélisation)${base === '/admin/clients' ? ' — alias' : ''}`,
      tag: 'admin clients',
      access: 'admin',
      data: CustomerStatsSchema,
    }),
    [`GET ${base}`]: op({
      summary: `Clients filtrés (recherche nom, email, téléphone ; statut), triés et paginés, avec leurs chiffres${base === '/admin/clients' ? ' — alias' : ''}`,
      tag: 'admin clients',
      access: 'admin',
      query: AdminCustomerListQuerySchema,
      data: AdminCustomerListSchema,
    }),
    [`POST ${base}/toggle-status`]: op({
      summary: `Bloquer ou débloquer un client ; bloquer ferme aussitôt ses sessions${base === '/admin/clients' ? ' — alias' : ''}`,
      tag: 'admin clients',
      access: 'admin',
      body: ToggleCustomerStatusInputSchema,
      data: NoDataSchema,
      errors: [404, 409],
    }),
  }) as {
    [K in `GET ${B}/stats`]: Operation & { data: typeof CustomerStatsSchema };
  } & {
    [K in `GET ${B}`]: Operation & {
      query: typeof AdminCustomerListQuerySchema;
      data: typeof AdminCustomerListSchema;
    };
  } & {
    [K in `POST ${B}/toggle-status`]: Operation & {
      body: typeof ToggleCustomerStatusInputSchema;
      data: typeof NoDataSchema;
    };
  };

export const operations = {
  'GET /health': op({
    summary: 'État du service et de la base',
    tag: 'santé',
    access: 'public',
    data: HealthSchema,
    errors: [503],
  }),
  // For a proxy or a supervisor (docs/decisions/0033): alive while the process answers at all;
  // ready to take requests unless it is stopping or its database does not answer.
  'GET /health/live': op({
    summary: 'Le processus répond',
    tag: 'santé',
    access: 'public',
    data: ProbeSchema,
  }),
  'GET /health/ready': op({
    summary: 'Le processus peut servir : ni en arrêt, ni privé de sa base',
    tag: 'santé',
    access: 'public',
    data: ProbeSchema,
    errors: [503],
  }),

  // ---- catalogue ----
  'GET /categories': op({
    summary: 'Catégories principales et sous-catégories',
    tag: 'catalogue',
    access: 'public',
    cache: 'public',
    data: CategoryListSchema,
  }),
  'GET /categories/:idOrSlug': op({
    summary: 'Une catégorie par id ou slug',
    tag: 'catalogue',
    access: 'public',
    cache: 'public',
    params: CategoryRefParamsSchema,
    data: CategoryDetailSchema,
    errors: [404],
  }),
  'GET /products': op({
    summary: 'Produits filtrés, triés et paginés',
    tag: 'catalogue',
    access: 'public',
    cache: 'public',
    query: ProductListQuerySchema,
    data: ProductListSchema,
  }),
  'GET /search/suggestions': op({
    summary: 'Les produits proposés à mesure que la recherche est tapée',
    tag: 'catalogue',
    access: 'public',
    cache: 'public',
    query: SearchSuggestionsQuerySchema,
    data: SearchSuggestionsSchema,
  }),
  'GET /products/slug/:slug': op({
    summary: 'Un produit par son slug',
    tag: 'catalogue',
    access: 'public',
    cache: 'public',
    params: ProductSlugParamsSchema,
    data: ProductDetailSchema,
    errors: [404],
  }),
  'GET /products/:id': op({
    summary: 'Un produit avec variantes et médias',
    tag: 'catalogue',
    access: 'public',
    cache: 'public',
    params: ProductIdParamsSchema,
    data: ProductDetailSchema,
    errors: [404],
  }),
  'GET /products/:id/images': op({
    summary: "Images et vidéos d'un produit",
    tag: 'catalogue',
    access: 'public',
    cache: 'public',
    params: ProductIdParamsSchema,
    data: ProductMediaSchema,
    errors: [404],
  }),
  'GET /variants/:id': op({
    summary: 'Une variante active',
    tag: 'catalogue',
    access: 'public',
    cache: 'public',
    params: VariantIdParamsSchema,
    data: VariantSchema,
    errors: [404],
  }),
  'GET /suggestions/products/:id/similar': op({
    summary: 'Suggestions pour un produit',
    tag: 'catalogue',
    access: 'public',
    cache: 'public',
    params: ProductIdParamsSchema,
    data: ProductSuggestionsSchema,
    errors: [404],
  }),
  'GET /suggestions/cart': op({
    summary: 'Suggestions pour le panier (invité : en-tête X-Session-ID)',
    tag: 'catalogue',
    access: 'public',
    data: CartSuggestionsSchema,
  }),
  'GET /banners': op({
    summary: 'Bannières actives par position',
    tag: 'bannières',
    access: 'public',
    cache: 'public',
    data: z.array(BannerSchema),
  }),

  // ---- admin banners ----
  'GET /admin/banners': op({
    summary:
      'Bannières (actives et inactives) par position, recherche sur le titre ou le lien, avec les compteurs',
    tag: 'admin bannières',
    access: 'admin',
    query: AdminBannerListQuerySchema,
    data: AdminBannerListSchema,
  }),
  'POST /admin/banners': op({
    summary: 'Créer une bannière avec son image (JSON avec image en data URL, ou multipart)',
    tag: 'admin bannières',
    access: 'admin',
    body: CreateBannerInputSchema,
    data: AdminBannerEnvelopeSchema,
    status: 201,
    multipart: true,
    bodyLimit: ONE_IMAGE_JSON_LIMIT,
  }),
  'PUT /admin/banners/:id': op({
    summary: 'Modifier une bannière (tout ou partie, dont is_active seul)',
    tag: 'admin bannières',
    access: 'admin',
    params: BannerIdParamsSchema,
    body: UpdateBannerInputSchema,
    data: AdminBannerEnvelopeSchema,
    errors: [404],
    multipart: true,
    bodyLimit: ONE_IMAGE_JSON_LIMIT,
  }),
  'DELETE /admin/banners/:id': op({
    summary: 'Supprimer une bannière (et les fichiers de son image)',
    tag: 'admin bannières',
    access: 'admin',
    params: BannerIdParamsSchema,
    data: NoDataSchema,
    errors: [404],
  }),

  // ---- accounts ----
  'POST /auth/register': op({
    summary: 'Inscription (connecte le nouveau client)',
    tag: 'auth',
    access: 'public',
    body: RegisterInputSchema,
    data: AuthResultSchema,
    status: 201,
    rateLimited: true,
  }),
  'POST /auth/quick-register': op({
    summary: 'Inscription rapide (commande)',
    tag: 'auth',
    access: 'public',
    body: QuickRegisterInputSchema,
    data: AuthResultSchema,
    status: 201,
    rateLimited: true,
  }),
  'POST /auth/login': op({
    summary: 'Connexion par email ou numéro WhatsApp',
    tag: 'auth',
    access: 'public',
    body: LoginInputSchema,
    data: AuthResultSchema,
    errors: [401, 403],
    rateLimited: true,
  }),
  'POST /auth/logout': op({
    summary: 'Déconnexion (révoque la session)',
    tag: 'auth',
    access: 'user',
    data: NoDataSchema,
  }),
  'GET /auth/me': op({
    summary: 'Utilisateur connecté',
    tag: 'auth',
    access: 'user',
    data: UserSchema,
  }),
  'PUT /auth/me': op({
    summary: 'Modifier un champ du profil',
    tag: 'auth',
    access: 'user',
    body: UpdateProfileInputSchema,
    data: UserSchema,
    rateLimited: true,
  }),
  'POST /auth/forgot-password': op({
    summary: 'Demander un lien de réinitialisation',
    tag: 'auth',
    access: 'public',
    body: ForgotPasswordInputSchema,
    data: NoDataSchema,
    rateLimited: true,
  }),
  'POST /auth/reset-password': op({
    summary: 'Choisir un nouveau mot de passe',
    tag: 'auth',
    access: 'public',
    body: ResetPasswordInputSchema,
    data: NoDataSchema,
    rateLimited: true,
  }),
  'POST /auth/change-password': op({
    summary: 'Changer de mot de passe',
    tag: 'auth',
    access: 'user',
    body: ChangePasswordInputSchema,
    data: NoDataSchema,
    rateLimited: true,
  }),

  // ---- cart ----
  'GET /cart': op({
    summary: 'Le panier (invité : en-tête X-Session-ID)',
    tag: 'panier',
    access: 'visitor',
    data: CartSchema,
  }),
  'POST /cart': op({
    summary: 'Ajouter un produit au panier',
    tag: 'panier',
    access: 'visitor',
    body: AddToCartInputSchema,
    data: CartLineChangeSchema,
    errors: [404, 409],
  }),
  'PUT /cart/:id': op({
    summary: "Changer la quantité d'un article",
    tag: 'panier',
    access: 'visitor',
    params: CartItemIdParamsSchema,
    body: UpdateCartItemInputSchema,
    data: CartLineChangeSchema,
    errors: [404, 409],
  }),
  'DELETE /cart/:id': op({
    summary: 'Retirer un article',
    tag: 'panier',
    access: 'visitor',
    params: CartItemIdParamsSchema,
    data: CartSchema,
    errors: [404],
  }),
  'DELETE /cart': op({
    summary: 'Vider le panier',
    tag: 'panier',
    access: 'visitor',
    data: CartSchema,
  }),
  'PUT /cart/notes': op({
    summary:
      'Garder la note pour la boutique avec le panier (elle le suit à l’inscription ou à la connexion ; vide, elle est retirée)',
    tag: 'panier',
    access: 'visitor',
    body: CartNotesInputSchema,
    data: CartSchema,
  }),

  // ---- orders ----
  'POST /orders': op({
    summary:
      'Commander le contenu du panier. Avec `expected` (le panier tel qu’il a été affiché : lignes, quantités, prix unitaires, total), toute différence refuse la commande (409, la liste des changements dans `errors.cart`) ; sans, le client accepte les prix du serveur',
    tag: 'commandes',
    access: 'user',
    body: CreateOrderInputSchema,
    data: OrderEnvelopeSchema,
    status: 201,
    errors: [409],
    rateLimited: true,
  }),
  'POST /orders/guest': op({
    summary:
      'Commander sans compte (panier invité). Avec `expected` (le panier tel qu’il a été affiché), toute différence refuse la commande (409, les changements dans `errors.cart`) ; sans, le client accepte les prix du serveur',
    tag: 'commandes',
    access: 'visitor',
    body: CreateGuestOrderInputSchema,
    data: OrderEnvelopeSchema,
    status: 201,
    errors: [409],
    rateLimited: true,
  }),
  'GET /orders': op({
    summary: 'Mes commandes, les plus récentes en premier',
    tag: 'commandes',
    access: 'user',
    data: OrderListSchema,
  }),
  'GET /orders/:id': op({
    summary: 'Une de mes commandes',
    tag: 'commandes',
    access: 'user',
    params: OrderIdParamsSchema,
    data: OrderEnvelopeSchema,
    errors: [404],
  }),
  'POST /orders/:id/cancel': op({
    summary:
      "Annuler une de mes commandes tant qu'elle est en attente (son stock est remis en vente ; 409 une fois acceptée)",
    tag: 'commandes',
    access: 'user',
    params: OrderIdParamsSchema,
    data: OrderEnvelopeSchema,
    errors: [404, 409],
  }),

  'POST /tracking/:token/payments': op({
    summary:
      "Payer une commande par son lien de suivi chez un fournisseur (Wave, Orange Money) : l'adresse où la cliente paie. Le montant est celui de la commande ; un paiement encore ouvert est repris, jamais doublé (409 s'il est chez un autre fournisseur ou en préparation) ; le fournisseur indisponible : 503",
    tag: 'commandes',
    access: 'public',
    params: TrackingParamsSchema,
    body: StartPaymentInputSchema,
    data: StartedPaymentSchema,
    errors: [404, 409, 503],
  }),
  'GET /tracking/:token': op({
    summary:
      'Une commande suivie par son lien (/suivi/<jeton>), sans compte : numéro, articles, total, statut et son historique, paiement ; rien de la cliente elle-même. Un jeton inconnu ou révoqué : 404',
    tag: 'commandes',
    access: 'public',
    params: TrackingParamsSchema,
    data: TrackedOrderEnvelopeSchema,
    errors: [404],
  }),

  // ---- back office (every /admin path is served by the admin scope: an admin session, no-store) ----
  'GET /admin/notifications': op({
    summary:
      "Ce que la cloche de l'administration signale : commandes en attente, messages WhatsApp des clients non lus, panne des messages automatiques",
    tag: 'admin',
    access: 'admin',
    data: AdminNotificationsSchema,
  }),
  'GET /admin/events': op({
    summary:
      "Flux d'événements (text/event-stream) : d'abord « open », ou « resync » si quelque chose a changé depuis `since` (quand la page a lu ses données) ; puis « bell » quand ce que compte la cloche change, « order:<id> » quand une commande, son historique ou ses messages WhatsApp changent, quel que soit le processus qui l'a fait ; la page se relit. Fermé après quelques minutes (le navigateur se reconnecte)",
    tag: 'admin',
    access: 'admin',
    query: BackOfficeEventsQuerySchema,
    data: z.string(),
    produces: 'text/event-stream',
    errors: [503],
  }),
  'POST /admin/whatsapp/seen': op({
    summary: 'Marquer comme lus des messages WhatsApp de clients (ils quittent la cloche)',
    tag: 'admin',
    access: 'admin',
    body: MarkReceivedSeenInputSchema,
    data: MarkedSeenSchema,
  }),
  'GET /admin/search': op({
    summary: "Recherche de l'en-tête de l'administration (produits, catégories, commandes)",
    tag: 'admin',
    access: 'admin',
    query: AdminSearchQuerySchema,
    data: AdminSearchResultsSchema,
  }),
  'GET /admin/categories': op({
    summary: 'Catégories (actives et inactives) filtrées et triées, avec les compteurs',
    tag: 'admin catalogue',
    access: 'admin',
    query: AdminCategoryListQuerySchema,
    data: AdminCategoryListSchema,
  }),
  'GET /admin/categories/:id': op({
    summary: "Détails d'une catégorie : statistiques, sous-catégories, produits récents",
    tag: 'admin catalogue',
    access: 'admin',
    params: CategoryIdParamsSchema,
    data: AdminCategoryDetailSchema,
    errors: [404],
  }),
  'POST /admin/categories': op({
    summary: 'Créer une catégorie (JSON avec image en data URL, ou multipart)',
    tag: 'admin catalogue',
    access: 'admin',
    body: CreateCategoryInputSchema,
    data: AdminCategoryEnvelopeSchema,
    status: 201,
    errors: [409],
    multipart: true,
    bodyLimit: ONE_IMAGE_JSON_LIMIT,
  }),
  'PUT /admin/categories/:id': op({
    summary: 'Modifier une catégorie (tout ou partie, dont is_active seul)',
    tag: 'admin catalogue',
    access: 'admin',
    params: CategoryIdParamsSchema,
    body: UpdateCategoryInputSchema,
    data: AdminCategoryEnvelopeSchema,
    errors: [404, 409],
    multipart: true,
    bodyLimit: ONE_IMAGE_JSON_LIMIT,
  }),
  'DELETE /admin/categories/:id': op({
    summary: 'Supprimer une catégorie vide (sans produit ni sous-catégorie)',
    tag: 'admin catalogue',
    access: 'admin',
    params: CategoryIdParamsSchema,
    data: NoDataSchema,
    errors: [404, 409],
  }),
  'POST /admin/categories/:id/image': op({
    summary: "Remplacer l'image d'une catégorie (champ image_main)",
    tag: 'admin catalogue',
    access: 'admin',
    params: CategoryIdParamsSchema,
    body: CategoryImageInputSchema,
    data: AdminCategoryEnvelopeSchema,
    errors: [404],
    multipart: true,
    bodyLimit: ONE_IMAGE_JSON_LIMIT,
  }),
  'GET /admin/products': op({
    summary: 'Produits (actifs et inactifs) filtrés, triés, paginés, avec les compteurs du filtre',
    tag: 'admin catalogue',
    access: 'admin',
    query: AdminProductListQuerySchema,
    data: AdminProductListSchema,
  }),
  'GET /admin/products/:id': op({
    summary: "Un produit tel que le formulaire d'édition le montre",
    tag: 'admin catalogue',
    access: 'admin',
    params: AdminProductIdParamsSchema,
    data: AdminProductDetailSchema,
    errors: [404],
  }),
  'POST /admin/products': op({
    summary: 'Créer un produit (JSON avec images en data URL, ou multipart)',
    tag: 'admin catalogue',
    access: 'admin',
    body: CreateProductInputSchema,
    data: AdminProductEnvelopeSchema,
    status: 201,
    multipart: true,
    bodyLimit: PRODUCT_JSON_LIMIT,
  }),
  'PUT /admin/products/:id': op({
    summary: 'Modifier un produit (tout ou partie, dont is_active seul)',
    tag: 'admin catalogue',
    access: 'admin',
    params: AdminProductIdParamsSchema,
    body: UpdateProductInputSchema,
    data: AdminProductEnvelopeSchema,
    errors: [404],
    multipart: true,
    bodyLimit: PRODUCT_JSON_LIMIT,
  }),
  'DELETE /admin/products/:id': op({
    summary: 'Supprimer un produit (les commandes passées gardent leur copie)',
    tag: 'admin catalogue',
    access: 'admin',
    params: AdminProductIdParamsSchema,
    data: NoDataSchema,
    errors: [404],
  }),
  'GET /admin/products/:id/variants': op({
    summary: "Les variantes d'un produit, actives et inactives, avec leurs compteurs",
    tag: 'admin catalogue',
    access: 'admin',
    params: AdminProductIdParamsSchema,
    data: AdminVariantListSchema,
    errors: [404],
  }),
  'POST /admin/products/:id/variants': op({
    summary: 'Ajouter une variante (SKU unique, stock vide = illimité)',
    tag: 'admin catalogue',
    access: 'admin',
    params: AdminProductIdParamsSchema,
    body: CreateVariantInputSchema,
    data: AdminVariantEnvelopeSchema,
    status: 201,
    errors: [404],
  }),
  'POST /admin/products/:id/variants/batch': op({
    summary: 'Créer plusieurs variantes : toutes valides, ou aucune',
    tag: 'admin catalogue',
    access: 'admin',
    params: AdminProductIdParamsSchema,
    body: BatchVariantsInputSchema,
    data: AdminVariantBatchSchema,
    status: 201,
    errors: [404],
  }),
  'PUT /admin/products/:id/variants/:variantId': op({
    summary: 'Modifier une variante (tout ou partie, dont is_active seul)',
    tag: 'admin catalogue',
    access: 'admin',
    params: VariantParamsSchema,
    body: UpdateVariantInputSchema,
    data: AdminVariantEnvelopeSchema,
    errors: [404],
  }),
  'DELETE /admin/products/:id/variants/:variantId': op({
    summary: 'Supprimer une variante (les commandes passées gardent leur copie)',
    tag: 'admin catalogue',
    access: 'admin',
    params: VariantParamsSchema,
    data: NoDataSchema,
    errors: [404],
  }),
  'GET /admin/products/:id/images': op({
    summary: "Images et vidéos d'un produit pour le gestionnaire de médias, conversions en cours comprises",
    tag: 'admin catalogue',
    access: 'admin',
    params: AdminProductIdParamsSchema,
    data: AdminProductMediaSchema,
    errors: [404],
  }),
  'POST /admin/products/:id/images': op({
    summary:
      'Ajouter des images (5 Mo) et des vidéos (MP4, AVI, MOV ; converties en MP4 H.264 en arrière-plan si besoin)',
    tag: 'admin catalogue',
    access: 'admin',
    params: AdminProductIdParamsSchema,
    body: UploadMediaInputSchema,
    data: AdminMediaUploadSchema,
    status: 201,
    errors: [404],
    multipart: 'media',
  }),
  'PUT /admin/products/:id/images/:imageId': op({
    summary: "Modifier le texte alternatif, le titre ou la place d'un média, ou en faire l'image principale",
    tag: 'admin catalogue',
    access: 'admin',
    params: MediaParamsSchema,
    body: UpdateMediaInputSchema,
    data: AdminMediaEnvelopeSchema,
    errors: [404],
  }),
  'DELETE /admin/products/:id/images/:imageId': op({
    summary: 'Supprimer une image ou une vidéo (et ses fichiers)',
    tag: 'admin catalogue',
    access: 'admin',
    params: MediaParamsSchema,
    data: NoDataSchema,
    errors: [404],
  }),
  'POST /admin/products/:id/images/reorder': op({
    summary: "Réordonner les images d'un produit (la première est l'image principale)",
    tag: 'admin catalogue',
    access: 'admin',
    params: AdminProductIdParamsSchema,
    body: ReorderMediaInputSchema,
    data: AdminProductMediaSchema,
    errors: [404],
  }),
  'POST /admin/products/batch': op({
    summary:
      "Créer plusieurs produits d'une catégorie, chacun avec son image et ses variantes : tous ou aucun (multipart, ou JSON avec images en data URL)",
    tag: 'admin catalogue',
    access: 'admin',
    body: BulkCreateProductsInputSchema,
    data: BulkCreateProductsResultSchema,
    status: 201,
    multipart: 'bulk',
    bodyLimit: BULK_JSON_LIMIT,
  }),
  'GET /admin/products/batch/:batchId': op({
    summary:
      "Où en est une création en masse : images traitées sur le total (l'écran la suit pendant l'envoi)",
    tag: 'admin catalogue',
    access: 'admin',
    params: BatchParamsSchema,
    data: BulkProgressSchema,
    errors: [404],
  }),
  'GET /admin/dashboard': op({
    summary:
      "Tableau de bord : produits, clients actifs, commandes, chiffre d'affaires, 5 dernières commandes, 7 produits les plus commandés, cette semaine contre la semaine dernière, chiffre d'affaires des 30 derniers jours, commandes par statut — calculés sur toutes les données",
    tag: 'admin tableau de bord',
    access: 'admin',
    data: DashboardSchema,
  }),
  'GET /admin/dashboard/report': op({
    summary:
      "Rapport complet sur une période (jours du…au, inclus ; 30 derniers jours par défaut) : chiffre d'affaires par jour, produits les plus commandés, commandes par statut",
    tag: 'admin tableau de bord',
    access: 'admin',
    query: ReportQuerySchema,
    data: ReportSchema,
  }),
  'GET /admin/dashboard/report/export': op({
    summary:
      'Le rapport complet en CSV pour un tableur français (une ligne par jour puis le total) : UTF-8 avec BOM, séparateur « ; », montants en nombres, dates fr-FR, formules neutralisées',
    tag: 'admin tableau de bord',
    access: 'admin',
    query: ReportQuerySchema,
    data: z.string(),
    produces: 'text/csv',
  }),
  'GET /admin/orders': op({
    summary:
      'Commandes filtrées (recherche, statut, période, dates, montant minimum, client) et paginées, avec les compteurs par statut',
    tag: 'admin commandes',
    access: 'admin',
    query: AdminOrderListQuerySchema,
    data: AdminOrderListSchema,
  }),
  'POST /admin/backup': op({
    summary:
      'Sauvegarde complète de la boutique (base de données lue en un instantané cohérent, images et vidéos) : une archive .tar.gz produite au fil de la lecture, sans arrêter la boutique. Prise seulement sur un POST (GET et HEAD : 405) ; notée comme dernière sauvegarde une fois envoyée en entier',
    tag: 'admin sauvegarde',
    access: 'admin',
    data: z.string(),
    produces: 'application/gzip',
  }),
  'GET /admin/backup/last': op({
    summary: 'Quand la dernière sauvegarde a été prise, sa taille et par quel moyen',
    tag: 'admin sauvegarde',
    access: 'admin',
    data: LastBackupSchema,
  }),
  'GET /admin/orders/export': op({
    summary:
      'Exporter les commandes filtrées en CSV pour un tableur français : UTF-8 avec BOM, séparateur « ; », une ligne par article, montants en nombres, dates fr-FR (UTC), formules neutralisées ; produit au fil de la lecture',
    tag: 'admin commandes',
    access: 'admin',
    query: AdminOrderExportQuerySchema,
    data: z.string(),
    produces: 'text/csv',
  }),
  'GET /admin/orders/:id': op({
    summary: "Une commande avec ses articles et l'historique de ses statuts",
    tag: 'admin commandes',
    access: 'admin',
    params: AdminOrderIdParamsSchema,
    data: AdminOrderDetailEnvelopeSchema,
    errors: [404],
  }),
  'PUT /admin/orders/:id/status': op({
    summary:
      "Changer le statut d'une commande selon le tableau des transitions ; l'annuler (tant qu'elle n'a pas quitté la boutique : en attente, acceptée ou prête) demande une raison, remet le stock des variantes et prévient le client",
    tag: 'admin commandes',
    access: 'admin',
    params: AdminOrderIdParamsSchema,
    body: UpdateOrderStatusInputSchema,
    data: AdminOrderDetailEnvelopeSchema,
    errors: [404, 409],
  }),
  'PUT /admin/orders/:id/payment': op({
    summary:
      "Enregistrer le paiement d'une commande (« Paiement reçu »), ou l'annuler avec une raison ; l'un et l'autre vont dans son historique",
    tag: 'admin commandes',
    access: 'admin',
    params: AdminOrderIdParamsSchema,
    body: UpdateOrderPaymentInputSchema,
    data: AdminOrderDetailEnvelopeSchema,
    errors: [404, 409],
  }),
  'POST /admin/orders/:id/tracking': op({
    summary:
      "Révoquer le lien de suivi d'une commande et en créer un nouveau : l'ancien mène désormais à une page introuvable",
    tag: 'admin commandes',
    access: 'admin',
    params: AdminOrderIdParamsSchema,
    data: AdminOrderDetailEnvelopeSchema,
    errors: [404],
  }),
  'POST /admin/orders/:id/whatsapp/:message/resend': op({
    summary:
      "Renvoyer une fois un message WhatsApp de la commande dont l'envoi est incertain ou a échoué (jamais de lui-même : le client pourrait le recevoir deux fois)",
    tag: 'admin commandes',
    access: 'admin',
    params: WhatsappMessageParamsSchema,
    data: AdminOrderDetailEnvelopeSchema,
    errors: [404, 409],
  }),
  'PUT /admin/orders/:id/refund': op({
    summary:
      "Enregistrer le remboursement (« Remboursé », et comment) d'une commande payée puis annulée ; il va dans son historique et le client est prévenu",
    tag: 'admin commandes',
    access: 'admin',
    params: AdminOrderIdParamsSchema,
    body: RecordRefundInputSchema,
    data: AdminOrderDetailEnvelopeSchema,
    errors: [404, 409],
  }),
  'POST /admin/orders/:id/payments/:payment/refund': op({
    summary:
      "Rembourser un paiement à rendre (un paiement réussi qui n'est pas celui de la commande, ou celui d'une commande annulée depuis, alors notée « Remboursée ») : par le fournisseur (Wave), ou noté remboursé à la main ; une demande au fournisseur restée sans réponse n'est pas refaite sans `again`",
    tag: 'admin commandes',
    access: 'admin',
    params: PaymentParamsSchema,
    body: RefundPaymentInputSchema,
    data: AdminOrderDetailEnvelopeSchema,
    errors: [404, 409, 503],
  }),
  'POST /admin/orders/:id/reinstate': op({
    summary:
      "Rétablir une commande annulée par la boutique faute de paiement, quand son paiement arrive en retard : de nouveau en attente, payée, son stock repris s'il le permet (409 sinon) ; le client est prévenu",
    tag: 'admin commandes',
    access: 'admin',
    params: AdminOrderIdParamsSchema,
    data: AdminOrderDetailEnvelopeSchema,
    errors: [404, 409],
  }),

  // ---- admin customers (the same calls also answer under /admin/clients…, docs/decisions/0019) ----
  ...customerOperations('/admin/customers'),
  ...customerOperations('/admin/clients'),
  'GET /admin/customers/:id': op({
    summary: 'Un client avec ses chiffres, ses 5 dernières commandes et ses statistiques',
    tag: 'admin clients',
    access: 'admin',
    params: CustomerIdParamsSchema,
    data: AdminCustomerEnvelopeSchema,
    errors: [404],
  }),
  'GET /admin/clients/:id': op({
    summary: 'Alias de GET /admin/customers/:id',
    tag: 'admin clients',
    access: 'admin',
    params: CustomerIdParamsSchema,
    data: AdminCustomerEnvelopeSchema,
    errors: [404],
  }),
  'POST /admin/customers': op({
    summary:
      'Créer un compte client (nom, WhatsApp, email facultatif) ; le client choisit son mot de passe par le lien répondu (et envoyé par email)',
    tag: 'admin clients',
    access: 'admin',
    body: CustomerProfileInputSchema,
    data: CreatedCustomerSchema,
    status: 201,
  }),
  'PUT /admin/customers/:id': op({
    summary: "Modifier le nom, le WhatsApp et l'email d'un client (uniques, vérifiés comme à l'inscription)",
    tag: 'admin clients',
    access: 'admin',
    params: CustomerIdParamsSchema,
    body: CustomerProfileInputSchema,
    data: UpdatedCustomerSchema,
    errors: [404],
  }),
  'POST /admin/customers/:id/password-link': op({
    summary:
      "Un nouveau lien (7 jours) pour que le client choisisse son mot de passe ; les anciens ne marchent plus ; envoyé par email s'il en a un",
    tag: 'admin clients',
    access: 'admin',
    params: CustomerIdParamsSchema,
    data: PasswordLinkSchema,
    errors: [404],
  }),
  'POST /admin/customers/bulk-status': op({
    summary: 'Bloquer ou débloquer plusieurs clients (tous ou aucun) ; bloquer ferme aussitôt leurs sessions',
    tag: 'admin clients',
    access: 'admin',
    body: BulkCustomerStatusInputSchema,
    data: BulkCustomerStatusResultSchema,
    errors: [404, 409],
  }),
} as const;

export type Operations = typeof operations;
export type OperationKey = keyof Operations;
export type Method = OperationKey extends `${infer M} ${string}` ? M : never;
/** The paths of one method: `PathOf<'GET'>` is '/products' | '/products/:id' | … */
export type PathOf<M extends Method> = OperationKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;

type Schema<O, K extends string> = O extends Record<K, infer S extends z.ZodType> ? S : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a call to `M path` sends: path params, querystring and body, as their schemas accept them. */
export type RequestOf<M extends Method, P extends PathOf<M>> = Operations[`${M} ${P}` &
  OperationKey] extends infer O
  ? ([Schema<O, 'params'>] extends [undefined]
      ? { params?: never }
      : { params: InputOf<Schema<O, 'params'>> }) &
      ([Schema<O, 'query'>] extends [undefined]
        ? { query?: never }
        : { query?: InputOf<Schema<O, 'query'>> }) &
      ([Schema<O, 'body'>] extends [undefined]
        ? { body?: never }
        : { body: InputOf<Schema<O, 'body'>> | FormData })
  : never;

/** The `data` a successful `M path` answers. */
export type ResponseOf<M extends Method, P extends PathOf<M>> = z.output<
  Operations[`${M} ${P}` & OperationKey]['data']
>;
