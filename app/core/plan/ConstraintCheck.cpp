#include "core/plan/ConstraintCheck.h"

#include "core/cost/SpotRisk.h"
#include "core/plan/JsonReader.h"

#include <QSet>

#include <algorithm>
#include <tuple>

namespace gpuplanner::core {

namespace {

int editDistance(const QString &a, const QString &b)
{
    QList<int> row(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        row[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[j];
            const bool same = a.at(i - 1).toLower() == b.at(j - 1).toLower();
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

QString unknownValue(const QString &field, qsizetype index, const QString &value, const QString &what,
                     const QStringList &known)
{
    const QStringList closest = closestValues(value, known);
    QString message = QStringLiteral("constraints.%1[%2]: %3 %4")
                          .arg(field)
                          .arg(index)
                          .arg(JsonReader::show(QJsonValue(value)), what);
    if (!closest.isEmpty())
        message += ScenarioText::tr(" (closest: %1)").arg(closest.join(QStringLiteral(", ")));
    return message;
}

// Lower case with the look-alikes people type for digits (O for 0, l for 1): "A1OO" and "A10O"
// read as A100.
QString folded(const QString &text)
{
    QString out = text.toLower();
    out.replace(u'o', u'0');
    out.replace(u'l', u'1');
    return out;
}

QStringList sorted(const QSet<QString> &set)
{
    QStringList list(set.cbegin(), set.cend());
    list.sort();
    return list;
}

} // namespace

QStringList closestValues(const QString &value, const QStringList &known, int max)
{
    // Ranked: starts with the value (look-alike digits folded: A10O is A100), contains it, is one
    // edit from its start (A10O against A100-SXM4-80GB), is contained in it, then near by edit distance.
    QList<std::tuple<int, int, QString>> ranked;
    const int limit = std::max(2, int(value.size() / 2));
    const QString v = folded(value);
    for (const QString &k : known) {
        const int distance = editDistance(value, k);
        const QString f = folded(k);
        int rank = 5;
        if (f.startsWith(v))
            rank = 0;
        else if (f.contains(v))
            rank = 1;
        else if (value.size() >= 3 && k.size() > value.size() && editDistance(v, f.left(v.size())) <= 1)
            rank = 2;
        else if (v.contains(f))
            rank = 3;
        else if (distance <= limit)
            rank = 4;
        if (rank < 5)
            ranked.append({rank, distance, k});
    }
    std::sort(ranked.begin(), ranked.end());
    QStringList out;
    for (qsizetype i = 0; i < ranked.size() && out.size() < max; ++i)
        out.append(std::get<2>(ranked.at(i)));
    return out;
}

void resolveGpuNames(Constraints &c, const GpuAliasResolver &resolver)
{
    QStringList resolved;
    for (const QString &name : std::as_const(c.gpus)) {
        // A family name (A100) is each of its variants; an exact id or an alias names one model.
        QStringList ids = resolver.family(name);
        if (ids.isEmpty()) {
            const auto r = resolver.resolve(name);
            ids = {r ? r->gpuId : name};
        }
        for (const QString &id : std::as_const(ids)) {
            if (!resolved.contains(id))
                resolved.append(id);
        }
    }
    c.gpus = resolved;
}

Status checkConstraints(const Constraints &c, const QList<Offer> &offers)
{
    if (c.providers.isEmpty() && c.regions.isEmpty() && c.geographies.isEmpty() && c.gpus.isEmpty())
        return success(); // nothing named, nothing to look up (the catalog's values are not gathered)
    QSet<QString> providers, regions, geographies, gpus;
    for (const Offer &o : offers) {
        providers.insert(o.provider);
        regions.insert(o.region);
        if (!o.geography.isEmpty())
            geographies.insert(o.geography);
        gpus.insert(o.gpu);
    }
    for (qsizetype i = 0; i < c.providers.size(); ++i) {
        if (!providers.contains(c.providers.at(i))) {
            return Error{unknownValue(QStringLiteral("providers"), i, c.providers.at(i),
                                      ScenarioText::tr("is not a provider in the catalog"), sorted(providers))};
        }
    }
    for (qsizetype i = 0; i < c.regions.size(); ++i) {
        const QString &glob = c.regions.at(i);
        // The planner's own glob matching.
        const bool any = std::any_of(regions.cbegin(), regions.cend(), [&](const QString &r) { return globMatch(glob, r); });
        if (!any) {
            return Error{unknownValue(QStringLiteral("regions"), i, glob,
                                      ScenarioText::tr("matches no region in the catalog"), sorted(regions))};
        }
    }
    for (qsizetype i = 0; i < c.geographies.size(); ++i) {
        const bool any = std::any_of(geographies.cbegin(), geographies.cend(), [&](const QString &g) {
            return g.compare(c.geographies.at(i), Qt::CaseInsensitive) == 0;
        });
        if (!any) {
            return Error{unknownValue(QStringLiteral("geographies"), i, c.geographies.at(i),
                                      ScenarioText::tr("is not a geography in the catalog"), sorted(geographies))};
        }
    }
    for (qsizetype i = 0; i < c.gpus.size(); ++i) {
        if (!gpus.contains(c.gpus.at(i))) {
            return Error{unknownValue(QStringLiteral("gpus"), i, c.gpus.at(i),
                                      ScenarioText::tr("is not a GPU model id in the catalog"), sorted(gpus))};
        }
    }
    return success();
}

Status checkCommitmentTerms(const QList<CommitmentTerm> &terms, const QList<Offer> &offers)
{
    if (terms.isEmpty())
        return success();
    QSet<QString> providers;
    for (const Offer &o : offers)
        providers.insert(o.provider);
    for (qsizetype i = 0; i < terms.size(); ++i) {
        const CommitmentTerm &t = terms.at(i);
        const QString path = QStringLiteral("assumptions.commitments[%1]").arg(i);
        if (!providers.contains(t.provider)) {
            QString message = QStringLiteral("%1.provider: %2 %3")
                                  .arg(path, JsonReader::show(QJsonValue(t.provider)),
                                       ScenarioText::tr("is not a provider in the catalog"));
            if (const QStringList closest = closestValues(t.provider, sorted(providers)); !closest.isEmpty())
                message += ScenarioText::tr(" (closest: %1)").arg(closest.join(QStringLiteral(", ")));
            return Error{message};
        }
        bool matches = false;
        QSet<QString> upfronts; // the upfront options the provider's own commitment offers carry
        for (const Offer &o : offers) {
            if (o.provider != t.provider)
                continue;
            if (o.billing == Billing::OnDemand && (t.instanceType.isEmpty() || globMatch(t.instanceType, o.instanceType)))
                matches = true;
            if (o.billing == Billing::Reserved || o.billing == Billing::SavingsPlan)
                upfronts.insert(o.upfront);
        }
        if (!matches)
            return Error{QStringLiteral("%1.instance_type: %2 %3")
                             .arg(path, JsonReader::show(QJsonValue(t.instanceType)),
                                  ScenarioText::tr("matches no on-demand offer of %1 in the catalog").arg(t.provider))};
        if (!upfronts.isEmpty() && !upfronts.contains(upfrontId(t.upfront)))
            return Error{QStringLiteral("%1.upfront: %2 %3")
                             .arg(path, JsonReader::show(QJsonValue(upfrontId(t.upfront))),
                                  ScenarioText::tr("is not an upfront option %1 sells (it sells: %2)")
                                      .arg(t.provider, sorted(upfronts).join(QStringLiteral(", "))))};
    }
    return success();
}

} // namespace gpuplanner::core
