import { auditLogRoute } from '../../../shared/contract/adminAudit.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { readAuditLog } from './audit/auditView.service.js';

/** The audit log view (Administrator only, by the contract). */
export function adminAuditRoutes({ db }: ServerContext): RouteImplementation[] {
  return [implement(auditLogRoute, ({ query }) => readAuditLog(db, query))];
}
