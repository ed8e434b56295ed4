import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { isOperator } from '../services/doctor/operators';
import { runDoctor } from '../services/doctor/run-doctor';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** The doctor's checks for the Settings panel: the app's own database, read-only, operators only. */
export function doctorRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  serve(api.doctor, async (req) => {
    if (!(await isOperator(ctx.db, ctx.config, req.user)))
      throw new AppError('forbidden', "Only the deployment's operators see its checks (OPERATOR_EMAILS)");
    return runDoctor({ config: ctx.config, database: ctx.database, now: ctx.clock });
  });
}
