#include "ui/MainWindow.h"

#include "ui/catalog/CatalogLoader.h"
#include "ui/catalog/OffersPanel.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>

#include <algorithm>

namespace gpuplanner::ui {

QString freshnessText(const core::CatalogInfo &info)
{
    QStringList dates;
    for (const core::ProviderInfo &p : info.providers) {
        if (!p.dataDate.isEmpty())
            dates.append(p.dataDate);
    }
    if (dates.isEmpty())
        return MainWindow::tr("Prices: no date recorded");
    std::sort(dates.begin(), dates.end());
    QStringList oldest;
    for (const core::ProviderInfo &p : info.providers) {
        if (p.dataDate == dates.constFirst())
            oldest.append(p.id);
    }
    if (dates.constFirst() == dates.constLast())
        return MainWindow::tr("Prices as of %1 · offline catalog").arg(dates.constLast());
    return MainWindow::tr("Prices as of %1 (oldest: %2, %3) · offline catalog")
        .arg(dates.constLast(), oldest.join(QStringLiteral(", ")), dates.constFirst());
}

MainWindow::MainWindow(core::CatalogRepositoryFactory repositories, QWidget *parent)
    : QMainWindow(parent), m_offers(new OffersPanel(this)), m_loader(new CatalogLoader(std::move(repositories), this)),
      m_freshness(new QLabel(this)), m_busy(new QProgressBar(this))
{
    setWindowTitle(tr("GPU Planner"));
    setCentralWidget(m_offers);
    createMenus();

    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(160);
    m_busy->setVisible(false);
    statusBar()->addPermanentWidget(m_busy);
    statusBar()->addPermanentWidget(m_freshness);

    connect(m_loader, &CatalogLoader::finished, this, &MainWindow::showSnapshot);
    resize(1280, 760);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *reload = file->addAction(tr("&Reload catalog"), this, &MainWindow::reloadCatalog);
    reload->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About GPU Planner"), this, [this] {
        QMessageBox::about(this, tr("About GPU Planner"),
                           tr("<b>GPU Planner %1</b><p>Plan GPU cloud rentals: which offer to rent, under which "
                              "billing model, how long it takes and what it costs.</p><p>Default prices come from "
                              "the SkyPilot catalog snapshot (mid-2026; Azure 2023-24).</p>")
                               .arg(QStringLiteral(GPUPLANNER_VERSION)));
    });
}

void MainWindow::reloadCatalog()
{
    m_busy->setVisible(true);
    statusBar()->showMessage(tr("Loading catalog…"));
    m_loader->load();
}

void MainWindow::showSnapshot(const CatalogSnapshot &snapshot)
{
    m_busy->setVisible(false);
    statusBar()->clearMessage();
    if (!snapshot.error.isEmpty()) {
        m_freshness->setText(tr("Catalog unavailable"));
        QMessageBox::critical(this, tr("Cannot read the catalog"), snapshot.error);
        Q_EMIT catalogLoaded(false);
        return;
    }
    m_offers->setCatalog(snapshot.offers, snapshot.gpus, snapshot.info);
    m_freshness->setText(freshnessText(snapshot.info));
    m_freshness->setToolTip(snapshot.info.path);
    Q_EMIT catalogLoaded(true);
}

} // namespace gpuplanner::ui
