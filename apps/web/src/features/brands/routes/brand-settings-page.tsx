import { authMessages, commonMessages } from '@hookline/contract';
import { Card, Skeleton, Stack } from '@mantine/core';
import { useCallback } from 'react';
import type { BlockerFunction } from 'react-router';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { queryParams } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { identityTexts } from '@/config/texts/identity';
import { type BrandItem, useActiveBrand } from '@/entities/brand';
import { isAccountAdmin, useProfile } from '@/entities/profile';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { showSuccessToast } from '@/lib/notify';
import { useBrand } from '../api/get-brand';
import { useUpdateBrand } from '../api/update-brand';
import { useUpdateCreativeKit } from '../api/update-creative-kit';
import { BrandAboutSection } from '../components/brand-about-section';
import { CampaignManagementSection } from '../components/campaign-management-section';
import {
  aboutFormSchema,
  creativeKitFormSchema,
  toAboutValues,
  toCreativeKitValues,
} from '../utils/brand-forms';

/** Leaving the page, or switching to another brand, leaves the edits. */
const leavesBrand: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname ||
  new URLSearchParams(currentLocation.search).get(queryParams.brandId) !==
    new URLSearchParams(nextLocation.search).get(queryParams.brandId);

/** Settings → Brand (001 §2): the about form, and campaign management for super users. */
export function BrandSettingsPage() {
  const active = useActiveBrand();
  const brand = useBrand(active.id);

  if (brand.isError) {
    return (
      <LoadFailedAlert
        title={identityTexts.brandSettings.loadFailed}
        data-testid="brand-settings-error"
        onRetry={() => void brand.refetch()}
      />
    );
  }
  if (!brand.data) {
    return (
      <Card aria-busy aria-label={commonMessages.loading}>
        <Stack gap="md">
          <Skeleton h={20} w="30%" />
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={96} />
        </Stack>
      </Card>
    );
  }
  // A new brand starts a new form.
  return <BrandSettings key={brand.data.id} brand={brand.data} />;
}

function BrandSettings({ brand }: { brand: BrandItem }) {
  const profile = useProfile();
  const canEdit = isAccountAdmin(profile);
  const updateBrand = useUpdateBrand();
  const updateKit = useUpdateCreativeKit();

  const about = useSchemaForm({
    schema: aboutFormSchema,
    initialValues: toAboutValues(brand),
    messages: { name: identityTexts.brands.nameLength, website: authMessages.invalidUrl },
  });
  const kit = useSchemaForm({ schema: creativeKitFormSchema, initialValues: toCreativeKitValues(brand) });

  const aboutDirty = canEdit && about.isDirty;
  const kitDirty = profile.isSuperUser && kit.isDirty;

  const saveAbout = useCallback(async () => {
    const parsed = aboutFormSchema.safeParse(about.values);
    if (!parsed.success) throw new Error('The brand form is not valid');
    const saved = await updateBrand.mutateAsync({ brandId: brand.id, body: parsed.data });
    about.reset(saved?.id ? toAboutValues(saved) : about.values);
    showSuccessToast(appTexts.common.changesSaved);
  }, [about, updateBrand, brand.id]);

  const saveKit = useCallback(async () => {
    const parsed = creativeKitFormSchema.safeParse(kit.values);
    if (!parsed.success) throw new Error('The campaign management form is not valid');
    await updateKit.mutateAsync({ brandId: brand.id, body: parsed.data });
    kit.reset(kit.values);
    showSuccessToast(appTexts.common.changesSaved);
  }, [kit, updateKit, brand.id]);

  const { dialog } = useLeaveGuard({
    when: aboutDirty || kitDirty,
    shouldBlock: leavesBrand,
    onSave: async () => {
      if (aboutDirty) await saveAbout();
      if (kitDirty) await saveKit();
    },
  });

  // Failures show the API's toast; the form keeps the edits.
  const ignoreFailure = () => undefined;

  return (
    <Stack gap="lg" data-testid="brand-settings">
      <BrandAboutSection
        form={about}
        canEdit={canEdit}
        saving={updateBrand.isPending}
        onSave={() => {
          if (about.isDirty && about.isValid && !updateBrand.isPending) saveAbout().catch(ignoreFailure);
        }}
      />
      {profile.isSuperUser && (
        <CampaignManagementSection
          brandName={brand.name}
          form={kit}
          saving={updateKit.isPending}
          onSave={() => {
            if (kit.isDirty && kit.isValid && !updateKit.isPending) saveKit().catch(ignoreFailure);
          }}
        />
      )}
      {dialog}
    </Stack>
  );
}
