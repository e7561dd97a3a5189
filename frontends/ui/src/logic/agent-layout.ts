export type AgentNavLayout = 'vertical' | 'horizontal';

/**
 * The agent area's navigation layout (spec §2.7), for the shell and the client dashboard:
 * horizontal on phones and for signed-in owners; otherwise the organisation's dashboardLayout
 * (default vertical).
 */
export function agentNavLayout(ctx: { phone: boolean; signedInOwner: boolean; dashboardLayout?: AgentNavLayout }): AgentNavLayout {
  if (ctx.phone || ctx.signedInOwner) return 'horizontal';
  return ctx.dashboardLayout ?? 'vertical';
}
