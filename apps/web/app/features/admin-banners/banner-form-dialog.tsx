import {
  type AdminBanner,
  BANNER_LINK_MAX_LENGTH,
  BANNER_SUBTITLE_MAX_LENGTH,
  BANNER_TITLE_MAX_LENGTH,
  BannerFormSchema,
} from '@souk/domain/admin-banners';
import { NumberField, RadioGroupField, TextField } from '~/components/ui/form-fields';
import { ImageField } from '~/components/ui/image-field';
import { SaveFormDialog } from '~/components/ui/save-form-dialog';

const STATUSES = [
  { value: 'true', label: 'Actif' },
  { value: 'false', label: 'Inactif' },
] as const;

/**
 * Create or edit a banner: title, image (required to create one), redirect URL,
 * position and status. The browser checks with the API's own schema, less the image, which it checks
 * by its size and type (the server decides from the bytes).
 */
export function BannerFormDialog({
  open,
  banner,
  nextPosition,
  onClose,
}: {
  open: boolean;
  /** The banner edited; null to create one. */
  banner: AdminBanner | null;
  /** Where a new banner goes by default: after the others. */
  nextPosition: number;
  onClose: () => void;
}) {
  return (
    <SaveFormDialog
      fetcherKey="save-banner"
      schema={BannerFormSchema}
      title={banner ? 'Modifier la bannière' : 'Nouvelle bannière'}
      open={open}
      onClose={onClose}
      id={banner?.id}
      size="md"
      updateLabel="Mettre à jour"
    >
      {(errors) => (
        <>
          <TextField
            id="banner-title"
            name="title"
            label="Titre"
            defaultValue={banner?.title ?? ''}
            error={errors.title}
            maxLength={BANNER_TITLE_MAX_LENGTH}
            autoComplete="off"
          />
          <TextField
            id="banner-subtitle"
            name="subtitle"
            label="Sous-titre"
            required={false}
            hint="Lu avec le titre par les lecteurs d'écran, à la place de l'image."
            defaultValue={banner?.subtitle ?? ''}
            error={errors.subtitle}
            maxLength={BANNER_SUBTITLE_MAX_LENGTH}
            autoComplete="off"
          />
          <ImageField
            id="banner-image"
            name="image"
            label="Image"
            required={!banner}
            currentUrl={banner?.image?.url}
            error={errors.image}
            previewClassName="aspect-[16/7] w-full max-w-sm"
          />
          <TextField
            id="banner-link"
            name="link_url"
            label="URL de redirection"
            required={false}
            inputMode="url"
            hint="Une adresse web (https://…) ou une page de la boutique (/catalog/parfums)."
            defaultValue={banner?.link_url ?? ''}
            error={errors.link_url}
            maxLength={BANNER_LINK_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
          />
          <NumberField
            id="banner-position"
            name="position"
            label="Position"
            hint="Les bannières s'affichent par position croissante (0 en premier)."
            defaultValue={String(banner?.position ?? nextPosition)}
            error={errors.position}
          />
          <RadioGroupField
            name="is_active"
            legend="Statut"
            options={STATUSES}
            defaultValue={String(banner?.active ?? true)}
            error={errors.is_active}
          />
        </>
      )}
    </SaveFormDialog>
  );
}
