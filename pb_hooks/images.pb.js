/// <reference path="../pb_data/types.d.ts" />
// Every uploaded picture, in every collection, public or protected, is measured from its header
// before it is stored (lib/catalog/image-size.js), so no thumbnail ever decodes an image bomb.

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/catalog/image-size.js`).refuseHugeImages(e);
  e.next();
});

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/catalog/image-size.js`).refuseHugeImages(e);
  e.next();
});
