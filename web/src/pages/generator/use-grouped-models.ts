import type { AiModel } from '@kadr/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getGroupedModels } from '../../api/endpoints';
import { jobKeys } from '../../features/jobs';

export interface ModelGroup {
  provider: string;
  models: AiModel[];
}

/** The models whose provider is up, grouped by provider (empty groups dropped), and a lookup by id. */
export function useGroupedModels() {
  const query = useQuery({
    queryKey: jobKeys.groupedModels,
    queryFn: ({ signal }) => getGroupedModels({ signal }),
  });
  const groups = useMemo<ModelGroup[]>(
    () => (query.data?.data ?? []).filter((group) => group.models.length > 0),
    [query.data],
  );
  const byId = useMemo(
    () => new Map(groups.flatMap((group) => group.models.map((model) => [model.id, model]))),
    [groups],
  );
  return { query, groups, byId };
}
