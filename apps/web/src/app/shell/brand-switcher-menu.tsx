import { DEBOUNCE_MS } from '@hookline/contract';
import { Combobox, Group, Loader, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryParams } from '@/config/paths';
import { identityTexts } from '@/config/texts/identity';
import { identityLabels } from '@/config/texts/identity-labels';
import { type BrandItem, brandsQueryOptions } from '@/entities/brand';
import { useProfile } from '@/entities/profile';
import { BrandAvatar, BrandSwitcherButton } from './brand-switcher-button';

const t = identityTexts.brands;

/** The search text matches a brand name (case-insensitive). */
function matches(brand: BrandItem, search: string): boolean {
  return brand.name.toLowerCase().includes(search.trim().toLowerCase());
}

/**
 * The list of brands to switch to (001 §2 "Other"), loaded when the browser is idle or the
 * switcher is first pointed at (issue 20: the first load carries no combobox). A click that
 * came before the code opens it once here.
 */
export function BrandSwitcherMenu({
  brands,
  active,
  defaultOpened = false,
}: {
  brands: BrandItem[];
  active: BrandItem;
  defaultOpened?: boolean;
}) {
  const profile = useProfile();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), DEBOUNCE_MS.dropdownSearch);
  const canSearch = profile.isSuperUser;
  const combobox = useCombobox({
    defaultOpened,
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => {
      if (canSearch) combobox.focusSearchInput();
      else combobox.updateSelectedOptionIndex('active');
    },
  });

  // Super users search every brand on the server (the list holds the first 1000).
  const serverSearch = useQuery({
    ...brandsQueryOptions(debouncedSearch),
    enabled: canSearch && debouncedSearch !== '',
  });
  const searching = canSearch && search.trim() !== '';
  const found = searching
    ? debouncedSearch === search.trim() && serverSearch.data
      ? serverSearch.data
      : brands.filter((brand) => matches(brand, search))
    : brands;

  const select = (brandId: string) => {
    const brand = found.find((b) => b.id === brandId) ?? brands.find((b) => b.id === brandId);
    combobox.closeDropdown();
    if (!brand || brand.id === active.id) return;
    // A brand found by the search joins the list, so the route guard knows it.
    if (!brands.some((b) => b.id === brand.id)) {
      queryClient.setQueryData(brandsQueryOptions().queryKey, (list) => (list ? [...list, brand] : list));
    }
    const params = new URLSearchParams(location.search);
    params.set(queryParams.accountId, brand.accountId);
    params.set(queryParams.brandId, brand.id);
    navigate({ pathname: location.pathname, search: `?${params}`, hash: location.hash });
  };

  const option = (brand: BrandItem) => (
    <Combobox.Option
      value={brand.id}
      key={brand.id}
      active={brand.id === active.id}
      aria-selected={brand.id === active.id}
    >
      <Group gap="sm" wrap="nowrap">
        <BrandAvatar brand={brand} size={22} />
        <Text size="sm" truncate style={{ flex: 1 }}>
          {brand.name}
        </Text>
        {brand.id === active.id && (
          <IconCheck size={14} stroke={2} color="var(--mantine-primary-color-filled)" />
        )}
      </Group>
    </Combobox.Option>
  );

  const paid = canSearch ? found.filter((b) => !b.isFree) : found;
  const free = canSearch ? found.filter((b) => b.isFree) : [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={select}
      position="bottom-start"
      width="target"
      offset={4}
      withinPortal
      shadow="md"
    >
      <Combobox.Target targetType="button">
        <BrandSwitcherButton active={active} onClick={() => combobox.toggleDropdown()} />
      </Combobox.Target>
      <Combobox.Dropdown data-testid="brand-switcher-dropdown">
        {canSearch && (
          <Combobox.Search
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={t.search}
            aria-label={t.search}
            leftSection={<IconSearch size={14} />}
            rightSection={serverSearch.isFetching ? <Loader size={12} /> : null}
          />
        )}
        <Combobox.Options aria-label={identityLabels.brandSwitcher}>
          <ScrollArea.Autosize mah={360} type="scroll">
            {found.length === 0 ? (
              <Combobox.Empty>{t.noneFound}</Combobox.Empty>
            ) : canSearch ? (
              <>
                {paid.length > 0 && <Combobox.Group label={t.brands}>{paid.map(option)}</Combobox.Group>}
                {free.length > 0 && <Combobox.Group label={t.freeBrands}>{free.map(option)}</Combobox.Group>}
              </>
            ) : (
              found.map(option)
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
