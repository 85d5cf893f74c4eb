import { useParams } from 'react-router';
import { ComingSoonPage } from '@/features/placeholders/coming-soon.page';
import { ReportPage } from '@/features/reports/report.page';
import { reportOf } from '@/features/reports/reports.catalog';

/**
 * /reports/:report: the report named by the path on its backend view; a report that is not built yet, or an
 * unknown name, shows the coming-soon page naming it. Composed here because features do not import each other.
 */
export function ReportRoute() {
  const { report: slug } = useParams();
  const report = reportOf(slug);
  if (!report?.view) {
    const screen = report ? `${report.title} report` : `Report "${slug ?? ''}"`;
    return <ComingSoonPage screen={screen} detail={report?.description} />;
  }
  return <ReportPage report={report} view={report.view} />;
}
