#include "ui/report/ReportActions.h"

#include "ui/report/ReportExport.h"
#include "ui/report/ReportWriter.h"
#include "ui/settings/Settings.h"

#include <QAction>
#include <QCoreApplication>
#include <QFileDialog>
#include <QMessageBox>
#include <QObject>
#include <QPrintDialog>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QSettings>

namespace gpuplanner::ui {

namespace {

// Who the cover names as the report's author; empty = the login name.
const SettingKey<QString> kReportAuthor{"report/author", QString()};

// Translation context of the menu entries and dialogs.
class ReportMenu
{
    Q_DECLARE_TR_FUNCTIONS(gpuplanner::ui::ReportMenu)
};

std::optional<ReportInput> currentInput(QWidget *parent, const ReportInputProvider &provider)
{
    auto input = provider ? provider() : std::nullopt;
    if (!input || !input->planner)
        QMessageBox::information(parent, ReportMenu::tr("Report"), ReportMenu::tr("Plan a scenario first."));
    return input;
}

void showError(QWidget *parent, const QString &message)
{
    QMessageBox::warning(parent, ReportMenu::tr("Report"), message);
}

void exportReport(QWidget *parent, const ReportInputProvider &provider)
{
    auto input = currentInput(parent, provider);
    if (!input)
        return;
    const QString path = QFileDialog::getSaveFileName(parent, ReportMenu::tr("Export report"),
                                                      input->scenario.name + QStringLiteral(".pdf"),
                                                      ReportMenu::tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    ReportWriter writer(std::move(*input), defaultReportOptions());
    if (auto ok = writer.writePdf(path); !ok)
        showError(parent, ok.errorMessage());
}

void printReport(QWidget *parent, const ReportInputProvider &provider, bool preview)
{
    auto input = currentInput(parent, provider);
    if (!input)
        return;
    const ReportOptions options = defaultReportOptions();
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageLayout(ReportWriter::pageLayout(options.pageSize));
    printer.setDocName(input->scenario.name);
    ReportWriter writer(std::move(*input), options);
    auto paint = [&](QPrinter *target) {
        if (auto ok = writer.print(target); !ok)
            showError(parent, ok.errorMessage());
    };
    if (preview) {
        QPrintPreviewDialog dialog(&printer, parent);
        dialog.setWindowTitle(ReportMenu::tr("Report preview"));
        QObject::connect(&dialog, &QPrintPreviewDialog::paintRequested, &dialog, paint);
        dialog.exec();
        return;
    }
    QPrintDialog dialog(&printer, parent);
    if (dialog.exec() == QDialog::Accepted)
        paint(&printer);
}

void exportData(QWidget *parent, const ReportInputProvider &provider, bool timeline)
{
    auto input = currentInput(parent, provider);
    if (!input)
        return;
    QString filter;
    const QString path = QFileDialog::getSaveFileName(
        parent, timeline ? ReportMenu::tr("Export timeline") : ReportMenu::tr("Export comparison"),
        input->scenario.name + (timeline ? QStringLiteral("-timeline.csv") : QStringLiteral("-comparison.csv")),
        ReportMenu::tr("CSV files (*.csv);;JSON files (*.json)"), &filter);
    if (path.isEmpty())
        return;
    const ExportFormat format = ReportExport::formatForPath(path);
    const core::Status ok = timeline ? ReportExport::writeTimeline(*input, format, path)
                                     : ReportExport::writeComparison(*input, 0, format, path);
    if (!ok)
        showError(parent, ok.errorMessage());
}

} // namespace

ReportOptions defaultReportOptions()
{
    ReportOptions options;
    const QSettings settings;
    QString author = kReportAuthor.read(settings);
    if (author.isEmpty())
        author = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    options.author = author;
    const QLocale system = QLocale::system();
    const QString language = settings::language.read(settings);
    if (language.isEmpty())
        options.language = system.language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
    else
        options.language = language == u"zh_CN" ? QStringLiteral("zh_CN") : QStringLiteral("en");
    const bool letter = system.territory() == QLocale::UnitedStates || system.territory() == QLocale::Canada;
    options.pageSize = letter ? QPageSize::Letter : QPageSize::A4;
    return options;
}

QList<QAction *> createReportActions(QWidget *parent, ReportInputProvider provider)
{
    QList<QAction *> actions;
    auto add = [&](const QString &text, auto handler) {
        auto *action = new QAction(text, parent);
        QObject::connect(action, &QAction::triggered, parent, [parent, provider, handler] { handler(parent, provider); });
        actions << action;
    };
    add(ReportMenu::tr("Export report\u2026"), [](QWidget *p, const ReportInputProvider &r) { exportReport(p, r); });
    add(ReportMenu::tr("Print preview\u2026"), [](QWidget *p, const ReportInputProvider &r) { printReport(p, r, true); });
    add(ReportMenu::tr("Print\u2026"), [](QWidget *p, const ReportInputProvider &r) { printReport(p, r, false); });
    add(ReportMenu::tr("Export comparison (CSV/JSON)\u2026"),
        [](QWidget *p, const ReportInputProvider &r) { exportData(p, r, false); });
    add(ReportMenu::tr("Export timeline (CSV/JSON)\u2026"),
        [](QWidget *p, const ReportInputProvider &r) { exportData(p, r, true); });
    return actions;
}

} // namespace gpuplanner::ui
