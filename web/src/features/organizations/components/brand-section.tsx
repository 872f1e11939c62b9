import { useId, useState, type ChangeEvent, type CSSProperties } from 'react';
import type { BrandDto, BrandSettings } from '#shared/brand';
import { BRAND_FONT_IDS, BRAND_FONTS, BRAND_MIN_CONTRAST, BRAND_TEXT, LOGO_CONTENT_TYPES, LOGO_LIMITS_TEXT, MAX_LOGO_BYTES, type BrandFont, type LogoContentType } from '#shared/brand-look';
import { contrastRatio, formatRatio, isHexColour, passingShade, textOn } from '#shared/brand-contrast';
import { PRO_PLAN } from '#shared/plan';
import { PRODUCT_NAME } from '#shared/product';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Button } from '#web/components/ui/button';
import { CheckboxField, FormMessage, SelectField, TextField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { useEntitlements } from '#web/lib/plan-queries';
import { uploadLogo, useBrand, useSaveBrand } from '../api/brand';
import { useOpenSubscription } from '#web/lib/use-open-subscription';
import type { OrganizationAbilities } from '../utils/roles';

const COLOURS = [
  { field: 'primaryColor', label: 'Primary colour', use: 'buttons, the header bar and the video cards, with white text on it' },
  { field: 'accentColor', label: 'Accent colour', use: 'links and step numbers on the white page' },
] as const;

function isLogoType(type: string): type is LogoContentType {
  return (LOGO_CONTENT_TYPES as readonly string[]).includes(type);
}

/** What the colour reads like against the text it carries, said as it is typed: the server checks the same. */
function ContrastNote({ id, colour, text, onUse }: { id: string; colour: string; text: string; onUse: (shade: string) => void }) {
  if (!isHexColour(colour)) return <p id={id} className="brand-contrast">Write the colour as #rrggbb.</p>;
  const ratio = contrastRatio(colour, text);
  if (ratio >= BRAND_MIN_CONTRAST) {
    return (
      <p id={id} className="brand-contrast brand-contrast--pass">
        Contrast {formatRatio(ratio)} with white text: passes WCAG AA.
      </p>
    );
  }
  const shade = passingShade(colour, text)!;
  return (
    <p id={id} className="brand-contrast brand-contrast--fail">
      Contrast {formatRatio(ratio)} with white text is below the {BRAND_MIN_CONTRAST}:1 WCAG AA needs. Try {shade}.{' '}
      <Button variant="outline" size="sm" type="button" onClick={() => onUse(shade)}>
        Use {shade}
      </Button>
    </p>
  );
}

function BrandPreview({ brand, logoUrl }: { brand: BrandSettings; logoUrl: string | null }) {
  const primary = isHexColour(brand.primaryColor) ? brand.primaryColor : '#4338ca';
  const accent = isHexColour(brand.accentColor) ? brand.accentColor : '#4f46e5';
  const style = { '--preview-primary': primary, '--preview-accent': accent, '--preview-on-primary': textOn(primary), fontFamily: BRAND_FONTS[brand.font].stack } as CSSProperties;
  return (
    <figure className="brand-preview" style={style} aria-label="Preview of a shared guide in this brand">
      {logoUrl ? <img className="brand-preview__logo" src={logoUrl} alt="Your logo" /> : null}
      <p className="brand-preview__title">How to invite a teammate</p>
      <p className="brand-preview__step">
        <span className="brand-preview__number">Step 1</span> Open <a href="#brand-preview">Settings</a>
      </p>
      <span className="brand-preview__button">Play the guide</span>
      {brand.showBadge ? <p className="brand-preview__badge">Made with {PRODUCT_NAME}</p> : null}
    </figure>
  );
}

function BrandForm({ brand, editable }: { brand: BrandDto; editable: boolean }) {
  const [draft, setDraft] = useState<BrandSettings>({ logoKey: brand.logoKey, primaryColor: brand.primaryColor, accentColor: brand.accentColor, font: brand.font, showBadge: brand.showBadge });
  const [logoPreview, setLogoPreview] = useState<string | null>(brand.logoUrl);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ids = { primaryColor: useId(), accentColor: useId(), logo: useId() };
  const save = useSaveBrand({
    mutationConfig: {
      onSuccess: (saved) => {
        setDraft({ logoKey: saved.logoKey, primaryColor: saved.primaryColor, accentColor: saved.accentColor, font: saved.font, showBadge: saved.showBadge });
        setLogoPreview(saved.logoUrl);
        setErrors({});
        setFormError(null);
        toast.success('Brand saved. Shared guides show it within a minute.');
      },
      onError: (error) => {
        if (isApiError(error) && error.details) {
          setErrors(error.details);
          setFormError(error.message);
        } else setFormError(error instanceof Error ? error.message : 'The brand could not be saved.');
      },
    },
  });
  const set = <K extends keyof BrandSettings>(field: K, value: BrandSettings[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(field))));
  };

  const onLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The limits are said beside the control and held here before anything is sent; the server checks again.
    if (!isLogoType(file.type)) return setErrors({ logoKey: `The logo must be a PNG, JPEG or WebP image (SVG is not accepted). ${LOGO_LIMITS_TEXT}` });
    if (file.size > MAX_LOGO_BYTES) return setErrors({ logoKey: `That file is ${(file.size / 1024 / 1024).toFixed(1)} MB; logos are limited to 1 MB.` });
    setUploading(true);
    try {
      const key = await uploadLogo(file, file.type);
      set('logoKey', key);
      setLogoPreview(URL.createObjectURL(file));
    } catch (error) {
      setErrors({ logoKey: error instanceof Error ? error.message : 'The logo could not be uploaded.' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <form
      className="form brand-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <div className="brand-form__grid">
        <div className="brand-form__fields">
          <div className="field">
            <label className="field__label" htmlFor={ids.logo}>
              Logo
            </label>
            {logoPreview ? <img className="brand-logo-preview" src={logoPreview} alt="Current logo" /> : null}
            <input
              id={ids.logo}
              type="file"
              accept={LOGO_CONTENT_TYPES.join(',')}
              disabled={!editable || uploading}
              aria-describedby={`${ids.logo}-hint${errors['logoKey'] ? ` ${ids.logo}-error` : ''}`}
              aria-invalid={errors['logoKey'] ? true : undefined}
              onChange={(event) => void onLogo(event)}
            />
            <p id={`${ids.logo}-hint`} className="field__hint">
              {uploading ? 'Uploading…' : LOGO_LIMITS_TEXT}
            </p>
            {errors['logoKey'] ? (
              <p id={`${ids.logo}-error`} className="field__error" role="alert">
                {errors['logoKey']}
              </p>
            ) : null}
            {draft.logoKey && editable ? (
              <Button
                variant="outline"
                size="sm"
                type="button"
                onClick={() => {
                  set('logoKey', null);
                  setLogoPreview(null);
                }}
              >
                Remove logo
              </Button>
            ) : null}
          </div>
          {COLOURS.map(({ field, label, use }) => (
            <div key={field} className="brand-colour">
              <TextField
                label={label}
                value={draft[field]}
                disabled={!editable}
                spellCheck={false}
                autoCapitalize="off"
                hint={`Used for ${use}.`}
                error={errors[field]}
                aria-describedby={ids[field]}
                onChange={(event) => set(field, event.target.value.trim().toLowerCase())}
                trailing={
                  <input
                    type="color"
                    className="brand-colour__swatch"
                    aria-label={`${label} picker`}
                    disabled={!editable}
                    value={isHexColour(draft[field]) ? draft[field] : '#000000'}
                    onChange={(event) => set(field, event.target.value)}
                  />
                }
              />
              <ContrastNote id={ids[field]} colour={draft[field]} text={BRAND_TEXT[field]} onUse={(shade) => set(field, shade)} />
            </div>
          ))}
          <SelectField label="Font" value={draft.font} disabled={!editable} onChange={(event) => set('font', event.target.value as BrandFont)}>
            {BRAND_FONT_IDS.map((id) => (
              <option key={id} value={id}>
                {BRAND_FONTS[id].label}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            label={`Show “Made with ${PRODUCT_NAME}”`}
            hint="On the share page, in the embed and in exports."
            checked={draft.showBadge}
            disabled={!editable}
            onChange={(event) => set('showBadge', event.target.checked)}
          />
        </div>
        <BrandPreview brand={draft} logoUrl={logoPreview} />
      </div>
      {editable ? (
        <div className="form__actions">
          <Button type="submit" loading={save.isPending} disabled={uploading}>
            Save brand
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * The organisation's brand (issue 32): its logo, colours, font and badge on every guide it shares
 * and every export. Pro; a free plan sees the offer, a member who cannot change it sees it read-only.
 */
export function BrandSection({ abilities }: { abilities: OrganizationAbilities }) {
  const plan = useEntitlements();
  const openSubscription = useOpenSubscription();
  const { data: brand } = useBrand();
  if (plan && !plan.brand) {
    return (
      <SettingsSection title="Brand" description={`Your logo, colours and font on every guide you share and export, instead of ${PRODUCT_NAME}'s.`}>
        <div className="brand-locked">
          <p>
            Brand is a {PRO_PLAN.name} feature. Shared guides keep the {PRODUCT_NAME} look and “Made with {PRODUCT_NAME}” until you upgrade.
          </p>
          <Button onClick={() => openSubscription()}>Upgrade to {PRO_PLAN.name}</Button>
        </div>
      </SettingsSection>
    );
  }
  if (!plan || !brand) {
    return (
      <SettingsSection title="Brand">
        <p className="empty-note">Loading the brand…</p>
      </SettingsSection>
    );
  }
  return (
    <SettingsSection
      title="Brand"
      description={abilities.updateOrganization ? 'What viewers see on your shared guides, embeds and exports. Colours must reach WCAG AA contrast (4.5:1) with the text they carry.' : 'Only owners and admins can change the brand.'}
    >
      <BrandForm brand={brand} editable={abilities.updateOrganization} />
    </SettingsSection>
  );
}
