import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BillingReportPage } from '@/features/billing/billing-report.page';
import { PayrollReportPage } from '@/features/payroll/payroll-report.page';
import { ComingSoonPage } from '@/features/placeholders/coming-soon.page';
import { ReportPage } from '@/features/reports/report.page';
import { reportOf } from '@/features/reports/reports.catalog';

/**
 * /reports/:report: the report named by the path on its backend view; a report that is not built yet, or an
 * unknown name, shows the coming-soon page naming it; billing and payroll have their own pages (compute a period,
 * then its lines). Composed here because features do not import each other.
 */
export function ReportRoute() {
  const { report: slug } = useParams();
  const { t } = useTranslation('schedule');
  const report = reportOf(slug);
  if (!report?.view) {
    const screen = report ? t('report.screen', { title: report.title }) : t('report.unknown', { slug: slug ?? '' });
    return <ComingSoonPage screen={screen} detail={report?.description} />;
  }
  if (report.slug === 'billing') return <BillingReportPage title={report.title} description={report.description} />;
  if (report.slug === 'payroll') {
    return <PayrollReportPage title={report.title} description={report.description} view={report.view} />;
  }
  return <ReportPage report={report} view={report.view} />;
}
