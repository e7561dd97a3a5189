import { useEffect, useState } from 'react';
import { AGENCY_API, MESSAGES, THEME_COLOR_USAGES, THEME_VARIANTS, agencyPrimaryColor, fontQueryName } from '@platform/contracts';
import { ColorInput, CssEditor, Input, Select, Stack, TextInput, callApi, useDebouncedValue } from '@platform/ui';
import type { AgencyForm } from '../agency-form';

/** px: the dashboard CSS is a few rules, not the widget's 500 px stylesheet. */
const CUSTOM_CSS_HEIGHT = 240;

/** Spec 2.2 Theme: font (checked against the fonts service), colour usage, variant, brand colours, custom CSS. */
export function ThemeTab({ form, region, uid }: { form: AgencyForm; region: 'eu' | 'na'; uid: string }) {
  const { local, update } = form;
  const [fontError, setFontError] = useState<string | null>(null);
  const [font] = useDebouncedValue(local.googleFont ?? '', 600);
  useEffect(() => {
    if (!font || fontQueryName(font) === null) return setFontError(null);
    let current = true;
    callApi(AGENCY_API.checkFont, { region, params: { uid }, query: { family: font } })
      .then((answer) => current && setFontError(answer.valid ? null : MESSAGES.agency.invalidFont))
      .catch(() => current && setFontError(null));
    return () => {
      current = false;
    };
  }, [font, region, uid]);
  const theme = (() => {
    try {
      return JSON.parse(local.customThemeJSONString ?? '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  })();
  return (
    <Stack gap="md">
      <TextInput label="Font" description="A Google Fonts family, or inherit" value={local.googleFont ?? ''} error={fontError} onChange={(e) => update({ googleFont: e.currentTarget.value })} data-testid="agency-font" />
      <Select label="Colour usage" data={[...THEME_COLOR_USAGES]} value={local.themeColorUsage ?? 'plain'} onChange={(v) => v && update({ themeColorUsage: v as never })} allowDeselect={false} data-testid="agency-color-usage" />
      <Select label="Theme variant" data={[...THEME_VARIANTS]} value={local.themeVariant ?? 'default'} onChange={(v) => v && update({ themeVariant: v as never })} allowDeselect={false} data-testid="agency-variant" />
      <ColorInput
        label="Primary brand colour"
        value={agencyPrimaryColor(local, '')}
        onChange={(value) => /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value) && update({ customThemeJSONString: JSON.stringify({ ...theme, primary: value }) })}
        data-testid="agency-primary-color"
      />
      <ColorInput label="Secondary colour" value={local.secondaryColorHex ?? ''} onChange={(value) => update({ secondaryColorHex: value })} data-testid="agency-secondary-color" />
      {/* The shell's CSS editor (CodeMirror, loaded when this tab shows it); its AI assistant writes widget CSS, so it is off here. */}
      <Input.Wrapper label="Client dashboard custom CSS" data-testid="agency-custom-css">
        <CssEditor value={local.customCSS ?? ''} onChange={(customCSS) => update({ customCSS })} height={CUSTOM_CSS_HEIGHT} withAssistant={false} placeholder="/* Custom CSS for the client dashboard */" />
      </Input.Wrapper>
    </Stack>
  );
}
