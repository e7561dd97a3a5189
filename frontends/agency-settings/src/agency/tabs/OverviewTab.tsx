import { AGENCY_API } from '@platform/contracts';
import { Button, Group, Stack, Switch, TextInput, Textarea, callApi, notify } from '@platform/ui';
import { useState } from 'react';
import type { AgencyForm } from '../agency-form';
import { IntroVideo } from '../intro/IntroVideo';
import { ImageUpload } from './ImageUpload';

/** Spec 2.2 Overview: intro video (dismissable, remembered locally), name, Markdown branding text, password login, secret, images. */
export function OverviewTab({ form, region, uid }: { form: AgencyForm; region: 'eu' | 'na'; uid: string }) {
  const { local, update } = form;
  const [regenerating, setRegenerating] = useState(false);
  const regen = async () => {
    setRegenerating(true);
    try {
      await callApi(AGENCY_API.regenAgencySecret, { region, params: { uid }, body: {} });
      await form.refresh();
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setRegenerating(false);
    }
  };
  return (
    <Stack gap="md">
      <IntroVideo />
      <TextInput label="Agency name" value={local.name ?? ''} onChange={(e) => update({ name: e.currentTarget.value })} data-testid="agency-name" />
      <Textarea label="Branding text" description="Markdown" autosize minRows={4} value={local.brandingText ?? ''} onChange={(e) => update({ brandingText: e.currentTarget.value })} data-testid="agency-branding-text" />
      <Switch
        label="Enable password login"
        checked={!local.settings?.disablePasswordLogin}
        onChange={(e) => update({ settings: { ...local.settings, disablePasswordLogin: !e.currentTarget.checked } })}
        data-testid="agency-password-login"
      />
      <Group align="flex-end">
        <TextInput label="Secret key" readOnly value={local.secret ?? ''} placeholder="Created on the first save" style={{ flex: 1 }} data-testid="agency-secret" />
        <Button variant="default" onClick={regen} loading={regenerating} disabled={!form.stored}>Regen Secret</Button>
      </Group>
      <Group align="flex-start" grow>
        <ImageUpload label="Square logo (light mode)" hint="PNG 256x256" px={256} value={local.squarePhotoURL} region={region} uid={uid} onChange={(url) => update({ squarePhotoURL: url })} testId="upload-logo-light" />
        <ImageUpload label="Square logo (dark mode)" hint="PNG 256x256" px={256} value={local.darkModeSquarePhotourl} region={region} uid={uid} onChange={(url) => update({ darkModeSquarePhotourl: url })} testId="upload-logo-dark" />
        <ImageUpload label="Favicon" hint="PNG 32x32" px={32} value={local.faviconURL} region={region} uid={uid} onChange={(url) => update({ faviconURL: url })} testId="upload-favicon" />
      </Group>
    </Stack>
  );
}
