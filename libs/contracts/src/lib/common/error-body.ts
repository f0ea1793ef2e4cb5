/** The one error shape of every service (contract §1). */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  details?: string[];
  [extra: string]: unknown;
}
