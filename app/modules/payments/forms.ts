import { isPaidTier, type PaidTier } from '#app/domain/plans.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { field } from '#app/modules/forms/fields.ts'

// The plan page's forms (issue 21): buy a plan (its tier) or pay the return fee (nothing to
// choose). A tier that is not a paid plan is the only problem a form can have.

/** The plan page's one form problem, a key of the provider dictionary's plan errors. */
export type PlanFormProblem = 'choice'

const tier = () =>
  field<PaidTier, PlanFormProblem>(
    (value) => (isPaidTier(value) ? undefined : 'choice'),
    (value) => value as PaidTier,
  )

export const PLAN_FORMS = {
  buy: orderedForm<{ tier: ReturnType<typeof tier> }, { tier: PaidTier }, PlanFormProblem>({
    tier: tier(),
  }),
  'return-fee': orderedForm({}),
}
