#include "ui/scenario/FxRatesField.h"

#include "ui/scenario/FxRatesModel.h"

#include <QDate>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplanner::ui {

namespace {

JsonRowsField::Texts fxTexts()
{
    return {FxRatesField::tr("Exchange rates"),
            FxRatesField::tr("Add curre&ncy"),
            FxRatesField::tr("Add currency"),
            FxRatesField::tr("Add a row for one currency's rate (Insert in the table)."),
            FxRatesField::tr("Re&move rate"),
            FxRatesField::tr("Remove rate"),
            FxRatesField::tr("Remove the rows of the selected cells (Delete in the table).")};
}

} // namespace

FxRatesField::FxRatesField(ScenarioDocument *doc, QWidget *parent)
    : FxRatesField(doc, new FxRatesModel, parent)
{
}

FxRatesField::FxRatesField(ScenarioDocument *doc, FxRatesModel *model, QWidget *parent)
    : JsonRowsField(doc, QStringLiteral("assumptions.fx"), model, fxTexts(), 4, parent), m_model(model),
      m_catalog(new QLabel(this))
{
    m_catalog->setWordWrap(true);
    m_catalog->setForegroundRole(QPalette::PlaceholderText); // information, not an input
    m_catalog->setTextInteractionFlags(Qt::TextSelectableByMouse);
    belowTable()->addWidget(m_catalog);
    refresh();
}

void FxRatesField::setCatalogRates(QList<core::FxRate> rates)
{
    m_catalogRates = std::move(rates);
    updateCatalogLabel();
}

QJsonObject FxRatesField::newRow() const
{
    return QJsonObject{{QStringLiteral("date"), QDate::currentDate().toString(Qt::ISODate)},
                       {QStringLiteral("source"), tr("entered by hand")}};
}

void FxRatesField::updateCatalogLabel()
{
    QStringList inUse;
    QStringList sources;
    const QLocale locale;
    for (const core::FxRate &r : std::as_const(m_catalogRates)) {
        if (r.currency == u"USD")
            continue;
        const bool overridden = std::any_of(m_model->rates().begin(), m_model->rates().end(), [&](const QJsonValue &v) {
            return v.toObject().value(QStringLiteral("currency")).toString() == r.currency;
        });
        const QString rate = locale.toString(r.ratePerUsd, 'g', 6);
        inUse.append(overridden ? tr("%1 %2 (%3, overridden above)").arg(r.currency, rate, r.date)
                                : tr("%1 %2 (%3)").arg(r.currency, rate, r.date));
        sources.append(tr("%1: %2 per USD on %3, from %4").arg(r.currency, rate, r.date, r.source));
    }
    if (!inUse.isEmpty()) {
        m_catalog->setText(tr("Currencies without a row here use the catalog's rates: %1.")
                               .arg(inUse.join(QStringLiteral(", "))));
        m_catalog->setToolTip(sources.join(u'\n'));
        return;
    }
    m_catalog->setText(tr("Currencies without a row here use the catalog's stored rates (the ECB's reference "
                          "rates once fetched with Tools ▸ Refresh prices…)."));
    m_catalog->setToolTip(QString());
}

} // namespace gpuplanner::ui
