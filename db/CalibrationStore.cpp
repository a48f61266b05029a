#include "db/CalibrationStore.h"

#include <QCryptographicHash>

namespace gpuplanner::db {

using namespace gpuplanner::core;

Result<qint64> insertCalibration(Database &db, const Calibration &c, const QByteArray &document)
{
    const QString sha = QString::fromLatin1(QCryptographicHash::hash(document, QCryptographicHash::Sha256).toHex());
    auto existing = db.prepare(QStringLiteral("SELECT id FROM calibrations WHERE sha256 = ?"));
    if (!existing)
        return existing.error();
    existing.value().bind(1, sha);
    if (existing.value().step())
        return Error{QStringLiteral("%1: already imported as calibration %2").arg(c.sourceFile).arg(existing.value().integer(0))};
    auto stmt = db.prepare(QStringLiteral(
        "INSERT INTO calibrations (gpu_id, device_name, device_kind, gpu_count, host, measured_at, probe_version, "
        "schema_version, source_file, sha256, document) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!stmt)
        return stmt.error();
    Statement &s = stmt.value();
    const ProbeResult &p = c.probe;
    if (c.gpuId.isEmpty())
        s.bindNull(1);
    else
        s.bind(1, c.gpuId);
    s.bind(2, p.isCpu() ? p.cpu : p.gpuName)
        .bind(3, p.device)
        .bind(4, p.gpuCount)
        .bind(5, p.host)
        .bind(6, p.startedAt.toString(Qt::ISODate))
        .bind(7, p.probeVersion)
        .bind(8, p.schemaVersion)
        .bind(9, c.sourceFile)
        .bind(10, sha)
        .bind(11, QString::fromUtf8(document));
    if (auto st = s.exec(); !st)
        return Error{QStringLiteral("%1: cannot store the calibration: %2").arg(db.path(), st.errorMessage())};
    return db.lastInsertId();
}

Result<QList<Calibration>> loadCalibrations(Database &db)
{
    auto stmt = db.prepare(QStringLiteral(
        "SELECT id, coalesce(gpu_id, ''), source_file, document, imported_at FROM calibrations ORDER BY id"));
    if (!stmt)
        return stmt.error();
    QList<Calibration> out;
    Statement &s = stmt.value();
    while (s.step()) {
        Calibration c;
        c.id = s.integer(0);
        c.gpuId = s.text(1);
        c.sourceFile = s.text(2);
        c.importedAt = QDateTime::fromString(s.text(4), Qt::ISODate);
        auto probe = parseProbeResult(s.text(3).toUtf8(), QStringLiteral("calibration %1").arg(c.id));
        if (!probe)
            return Error{QStringLiteral("%1 (remove it with `gpu-planner-cli calibrate remove %2`)")
                             .arg(probe.errorMessage())
                             .arg(c.id)};
        c.probe = std::move(probe).value();
        out.append(std::move(c));
    }
    if (!s.error().isEmpty())
        return Error{QStringLiteral("%1: %2").arg(db.path(), s.error())};
    return out;
}

Status removeCalibration(Database &db, qint64 id)
{
    auto stmt = db.prepare(QStringLiteral("DELETE FROM calibrations WHERE id = ?"));
    if (!stmt)
        return stmt.error();
    stmt.value().bind(1, id);
    if (auto st = stmt.value().exec(); !st)
        return st;
    auto changed = db.scalar(QStringLiteral("SELECT changes()"));
    if (!changed)
        return changed.error();
    if (changed.value() == 0)
        return Error{QStringLiteral("no calibration %1 in %2 (see `gpu-planner-cli calibrate list`)").arg(id).arg(db.path())};
    return success();
}

} // namespace gpuplanner::db
