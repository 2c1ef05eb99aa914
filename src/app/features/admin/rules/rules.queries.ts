import { useQuery } from '@tanstack/react-query';
import { listAdGroupsRoute, previewRuleRoute, ruleOptionsRoute, type RuleConditions } from '../../../../shared/contract/adminAudience';
import { callApi } from '../../../api/client';

/** What the rules page reads besides the rules themselves (those are the collection's, admin/collection). */
export const ruleKeys = {
  all: ['adminRules'] as const,
  adGroups: () => [...ruleKeys.all, 'adGroups'] as const,
  options: () => [...ruleKeys.all, 'options'] as const,
};

/** The directory groups a rule may name. */
export function useRuleAdGroups() {
  return useQuery({ queryKey: ruleKeys.adGroups(), queryFn: ({ signal }) => callApi(listAdGroupsRoute, { signal }) });
}

/** The programmes and schools known from the users, offered as choices. */
export function useRuleOptions() {
  return useQuery({ queryKey: ruleKeys.options(), queryFn: ({ signal }) => callApi(ruleOptionsRoute, { signal }) });
}

/** Who these conditions reach now: the count and the first few users. Asked for, not kept. */
export function previewRule(conditions: RuleConditions) {
  return callApi(previewRuleRoute, { body: conditions });
}
