import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENCY_API, AGENCY_API_MESSAGES, AGENCY_DEFAULTS, agencyHasChanges, type Agency, type Region, type SaveAgencyRequest } from '@platform/contracts';
import { ApiError, callApi, notify } from '@platform/ui';

/** The fields the form saves (identity, secret, domains and e-mail domain change through their own calls). */
export const EDITABLE_KEYS = [
  'name', 'squarePhotoURL', 'darkModeSquarePhotourl', 'faviconURL', 'brandingText', 'settings', 'googleFont', 'themeColorUsage', 'themeVariant',
  'customThemeJSONString', 'secondaryColorHex', 'customCSS', 'mainWebsite', 'supportEmail', 'tosPage', 'privacyPolicypPage', 'address', 'customTabs',
] as const satisfies ReadonlyArray<keyof SaveAgencyRequest>;

export const editableOf = (agency: Agency): SaveAgencyRequest =>
  Object.fromEntries(EDITABLE_KEYS.filter((k) => agency[k] !== undefined).map((k) => [k, agency[k]])) as SaveAgencyRequest;

export const agencyQueryKey = (region: Region, uid: string) => ['agency', region, uid] as const;

/**
 * The agency form (spec 4.1): the stored agency, the local copy being edited, whether they
 * differ (ignoring the listed fields), and the save that creates the agency when missing.
 */
export function useAgencyForm(region: Region, uid: string | undefined) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: agencyQueryKey(region, uid ?? ''),
    queryFn: () => callApi(AGENCY_API.getAgency, { region, params: { uid: uid! } }),
    enabled: Boolean(uid),
    staleTime: 0,
  });
  const stored = query.data?.agency ?? null;
  const [local, setLocal] = useState<Agency | null>(null);
  useEffect(() => {
    if (query.data) setLocal(query.data.agency ?? { ...AGENCY_DEFAULTS });
  }, [query.data]);

  const hasChanges = useMemo(() => (local ? agencyHasChanges(editableOf(local), stored && editableOf(stored)) : false), [local, stored]);
  const update = useCallback((fields: Partial<Agency>) => setLocal((current) => ({ ...(current ?? {}), ...fields })), []);

  const save = useMutation({
    mutationFn: () => callApi(AGENCY_API.saveAgency, { region, params: { uid: uid! }, body: editableOf(local ?? {}) }),
    onSuccess: (answer) => {
      if (answer.initialized) notify.success(AGENCY_API_MESSAGES.initialized);
      notify.success(AGENCY_API_MESSAGES.saved, 2000);
      client.setQueryData(agencyQueryKey(region, uid!), { ...query.data!, agency: answer.agency });
    },
    onError: (error) => {
      const message = error instanceof ApiError && error.message === AGENCY_API_MESSAGES.initializeFailed ? error.message : AGENCY_API_MESSAGES.saveFailed;
      notify.error(message);
    },
  });

  /** Refreshes the stored agency after a call that changed it on the server (secret, domains). */
  const refresh = useCallback(async () => {
    const answer = await client.fetchQuery({ queryKey: agencyQueryKey(region, uid ?? ''), queryFn: () => callApi(AGENCY_API.getAgency, { region, params: { uid: uid! } }), staleTime: 0 });
    // Server-side fields replace the local ones; edits of the form stay.
    setLocal((current) => ({ ...(answer.agency ?? {}), ...(current ? editableOf(current) : {}) }));
  }, [client, region, uid]);

  return {
    loading: query.isLoading || !local,
    error: query.error,
    stored,
    local: local ?? {},
    whitelabel: query.data?.whitelabel ?? false,
    rootDomain: query.data?.rootDomain ?? 'localhost',
    hasChanges,
    update,
    save,
    refresh,
  };
}

export type AgencyForm = ReturnType<typeof useAgencyForm>;
