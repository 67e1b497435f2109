/// <reference path="../pb_data/types.d.ts" />
// A nightly backup of the database and every uploaded file, the last fourteen kept. They land in
// pb_data/backups, or in the S3 bucket named by STUDIO_BACKUP_S3_BUCKET (applied at every start).

migrate(
  (app) => {
    const settings = app.settings();
    settings.backups.cron = "30 3 * * *";
    settings.backups.cronMaxKeep = 14;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.backups.cron = "";
    app.save(settings);
  },
);
